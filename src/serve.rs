//! `gridmatch serve`: a local web playground (stub: being written).

/// Serves the playground on 127.0.0.1:`port` until interrupted.
pub fn run(port: u16) -> std::io::Result<()> {
    let _ = port;
    Err(std::io::Error::other("serve: not implemented yet"))
}
