// King (GCJ 2008) the contest way for narrow boards: the maximum matching of the king graph by a
// broken-profile DP over the cells in row-major order, once with and once without the start
// square; Alice wins iff the start square is needed (nu(G - K) < nu(G)).
// The board is transposed when it is wider than tall, so the profile is over min(R, C) <= 15
// columns: 2^(C+1) states, exponential in the width.
// Written for gridmatch's benchmark harness (bench/run.sh).
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

static int max_matching(int R, int C, const std::vector<char>& freec) {
    // mask bit j: cell (i + j) is already matched, for the cells i .. i + C.
    const int S = 1 << (C + 1);
    std::vector<int> cur(S, -1), nxt(S, -1);
    cur[0] = 0;
    for (int i = 0; i < R * C; ++i) {
        int r = i / C, c = i % C;
        std::fill(nxt.begin(), nxt.end(), -1);
        bool f = freec[i];
        bool right = c + 1 < C && freec[i + 1];
        bool dl = r + 1 < R && c > 0 && freec[i + C - 1];
        bool dn = r + 1 < R && freec[i + C];
        bool dr = r + 1 < R && c + 1 < C && freec[i + C + 1];
        for (int m = 0; m < S; ++m) {
            int v = cur[m];
            if (v < 0) continue;
            int sh = m >> 1;
            if (nxt[sh] < v) nxt[sh] = v;  // leave cell i unmatched (or it is used/burned)
            if (!f || (m & 1)) continue;
            if (right && !(m & 2) && nxt[sh | 1] < v + 1) nxt[sh | 1] = v + 1;
            if (dl && !(m >> (C - 1) & 1)) {
                int t = sh | 1 << (C - 2);
                if (C >= 2 && nxt[t] < v + 1) nxt[t] = v + 1;
            }
            if (dn && !(m >> C & 1)) {
                int t = sh | 1 << (C - 1);
                if (nxt[t] < v + 1) nxt[t] = v + 1;
            }
            if (dr) {
                int t = sh | 1 << C;
                if (nxt[t] < v + 1) nxt[t] = v + 1;
            }
        }
        std::swap(cur, nxt);
    }
    return *std::max_element(cur.begin(), cur.end());
}

int main() {
    int T;
    if (std::scanf("%d", &T) != 1) return 1;
    static char buf[1 << 16];
    for (int t = 1; t <= T; ++t) {
        int R, C;
        if (std::scanf("%d %d", &R, &C) != 2) return 1;
        std::vector<std::string> b(R);
        for (int r = 0; r < R; ++r) {
            std::string row;
            while ((int)row.size() < C) {
                if (std::scanf("%65535s", buf) != 1) return 1;
                row += buf;
            }
            b[r] = row;
        }
        bool tr = C > R;
        int RR = tr ? C : R, CC = tr ? R : C;
        if (CC > 15) {
            std::fprintf(stderr, "king_dp: board %d is %dx%d; the profile DP needs min(R,C) <= 15\n", t, R, C);
            return 2;
        }
        std::vector<char> freec(RR * CC);
        int k = -1;
        for (int r = 0; r < RR; ++r)
            for (int c = 0; c < CC; ++c) {
                char ch = tr ? b[c][r] : b[r][c];
                freec[r * CC + c] = ch != '#';
                if (ch == 'K') k = r * CC + c;
            }
        int with = max_matching(RR, CC, freec);
        freec[k] = 0;
        int without = max_matching(RR, CC, freec);
        std::printf("Case #%d: %c\n", t, without < with ? 'A' : 'B');
    }
    return 0;
}
