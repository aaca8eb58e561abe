// King (GCJ 2008) with LEMON's MaxMatching — the reference way: Alice wins iff removing the
// start square K lowers the maximum matching, nu(G - K) < nu(G). Two matchings per board.
// With --ge: one matching, then LEMON's Gallai-Edmonds status of K (Bob wins iff K is EVEN/D).
// With --best: LEMON used the way its best users use it: SmartGraph, greedyInit() then
// startSparse() (run() skips the greedy start when m >= 2n, which a king grid has), ONE
// matching, status(K). --moves king|wazir|ferz|knight picks the move set (default king).
// Written for gridmatch's benchmark harness (bench/run.sh).
#include <lemon/smart_graph.h>
#include <lemon/matching.h>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace lemon;

static int n_dirs = 4;
static int dr[4] = {0, 1, 1, 1}, dc[4] = {1, -1, 0, 1};  // half of each move set

static bool set_moves(const char* m) {
    static const int kr[4] = {0, 1, 1, 1}, kc[4] = {1, -1, 0, 1};
    static const int wr[2] = {0, 1}, wc[2] = {1, 0};
    static const int fr[2] = {1, 1}, fc[2] = {-1, 1};
    static const int nr[4] = {1, 2, 2, 1}, nc[4] = {-2, -1, 1, 2};
    const int *r, *c;
    if (!std::strcmp(m, "king")) { r = kr; c = kc; n_dirs = 4; }
    else if (!std::strcmp(m, "wazir")) { r = wr; c = wc; n_dirs = 2; }
    else if (!std::strcmp(m, "ferz")) { r = fr; c = fc; n_dirs = 2; }
    else if (!std::strcmp(m, "knight")) { r = nr; c = nc; n_dirs = 4; }
    else return false;
    for (int d = 0; d < n_dirs; ++d) { dr[d] = r[d]; dc[d] = c[d]; }
    return true;
}

static int matching_size(int R, int C, const std::vector<std::string>& b, int skip,
                         bool ge, bool best, int k, bool* k_even) {
    SmartGraph g;
    std::vector<int> id(R * C, -1);
    std::vector<SmartGraph::Node> nodes;
    nodes.reserve(R * C);
    for (int i = 0; i < R * C; ++i) {
        if (b[i / C][i % C] != '#' && i != skip) {
            id[i] = (int)nodes.size();
            nodes.push_back(g.addNode());
        }
    }
    g.reserveEdge(n_dirs * (int)nodes.size());
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c) {
            int u = id[r * C + c];
            if (u < 0) continue;
            for (int d = 0; d < n_dirs; ++d) {
                int r2 = r + dr[d], c2 = c + dc[d];
                if (r2 < 0 || r2 >= R || c2 < 0 || c2 >= C) continue;
                int v = id[r2 * C + c2];
                if (v >= 0) g.addEdge(nodes[u], nodes[v]);
            }
        }
    MaxMatching<SmartGraph> mm(g);
    if (best) {
        mm.greedyInit();
        mm.startSparse();
    } else {
        mm.run();
    }
    if (ge) *k_even = mm.status(nodes[id[k]]) == MaxMatching<SmartGraph>::EVEN;
    return mm.matchingSize();
}

int main(int argc, char** argv) {
    bool ge = false, best = false;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--ge")) ge = true;
        else if (!std::strcmp(argv[i], "--best")) ge = best = true;
        else if (!std::strcmp(argv[i], "--moves") && i + 1 < argc && set_moves(argv[i + 1])) ++i;
        else { std::fprintf(stderr, "usage: king_lemon [--ge | --best] [--moves M]\n"); return 2; }
    }
    int T;
    if (std::scanf("%d", &T) != 1) return 1;
    char buf[1 << 16];
    for (int t = 1; t <= T; ++t) {
        int R, C;
        if (std::scanf("%d %d", &R, &C) != 2) return 1;
        std::vector<std::string> b(R);
        int k = -1;
        for (int r = 0; r < R; ++r) {
            std::string row;
            while ((int)row.size() < C) {
                if (std::scanf("%65535s", buf) != 1) return 1;
                row += buf;
            }
            b[r] = row;
            for (int c = 0; c < C; ++c)
                if (row[c] == 'K') k = r * C + c;
        }
        bool alice;
        if (ge) {
            bool k_even = false;
            matching_size(R, C, b, -1, true, best, k, &k_even);
            alice = !k_even;
        } else {
            int with = matching_size(R, C, b, -1, false, false, k, nullptr);
            int without = matching_size(R, C, b, k, false, false, k, nullptr);
            alice = without < with;
        }
        std::printf("Case #%d: %c\n", t, alice ? 'A' : 'B');
    }
    return 0;
}
