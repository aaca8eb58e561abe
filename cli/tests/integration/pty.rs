//! A pseudo-terminal for the tests where a terminal matters (stdin typed by a person, a
//! progress line on stderr): the master side for the test, the path of the side the child gets.

use std::fs::File;
use std::io::Read;
use std::os::fd::OwnedFd;
use std::path::PathBuf;
use std::sync::mpsc;

/// A pseudo-terminal pair.
pub struct Pty {
    /// The test's side.
    pub master: File,
    /// The path of the side the child gets.
    pub slave: PathBuf,
}

/// Opens a new pseudo-terminal.
pub fn pty() -> Pty {
    use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
    let master: OwnedFd = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("openpt");
    grantpt(&master).expect("grantpt");
    unlockpt(&master).expect("unlockpt");
    let name = ptsname(&master, Vec::new()).expect("ptsname");
    Pty {
        master: File::from(master),
        slave: PathBuf::from(name.into_string().unwrap()),
    }
}

impl Pty {
    /// A new handle on the child's side.
    pub fn open_slave(&self) -> File {
        std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(&self.slave)
            .expect("open the terminal's slave side")
    }

    /// What is written to the terminal, chunk by chunk, until every slave handle is closed.
    pub fn chunks(&self) -> mpsc::Receiver<Vec<u8>> {
        let mut master = self.master.try_clone().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            // Linux answers EIO once the last slave handle is closed: that is the end.
            while let Ok(n) = master.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        rx
    }

    /// Everything written to the terminal until every slave handle is closed, from a thread.
    pub fn drain(&self) -> std::thread::JoinHandle<Vec<u8>> {
        let chunks = self.chunks();
        std::thread::spawn(move || chunks.into_iter().flatten().collect())
    }
}
