// King (GCJ 2008) with Boost.Graph's edmonds_maximum_cardinality_matching, run twice per board:
// Alice wins iff nu(G - K) < nu(G). Written for gridmatch's benchmark harness (bench/run.sh).
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/max_cardinality_matching.hpp>
#include <cstdio>
#include <string>
#include <vector>

typedef boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS> Graph;
typedef boost::graph_traits<Graph>::vertex_descriptor Vertex;

static long matching_size(int R, int C, const std::vector<std::string>& b, int skip) {
    std::vector<int> id(R * C, -1);
    int n = 0;
    for (int i = 0; i < R * C; ++i)
        if (b[i / C][i % C] != '#' && i != skip) id[i] = n++;
    Graph g(n);
    static const int dr[4] = {0, 1, 1, 1}, dc[4] = {1, -1, 0, 1};
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c) {
            int u = id[r * C + c];
            if (u < 0) continue;
            for (int d = 0; d < 4; ++d) {
                int r2 = r + dr[d], c2 = c + dc[d];
                if (r2 < 0 || r2 >= R || c2 < 0 || c2 >= C) continue;
                int v = id[r2 * C + c2];
                if (v >= 0) boost::add_edge(u, v, g);
            }
        }
    std::vector<Vertex> mate(n);
    boost::edmonds_maximum_cardinality_matching(g, &mate[0]);
    return (long)boost::matching_size(g, &mate[0]);
}

int main() {
    int T;
    if (std::scanf("%d", &T) != 1) return 1;
    static char buf[1 << 16];
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
        long with = matching_size(R, C, b, -1);
        long without = matching_size(R, C, b, k);
        std::printf("Case #%d: %c\n", t, without < with ? 'A' : 'B');
    }
    return 0;
}
