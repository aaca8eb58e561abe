// NWERC 2011 "Piece it together" the classic contest way: every black cell B picks up/down
// (variable 2b) and left/right (variable 2b+1); a choice pointing at no white cell is forbidden
// (unit clause), two blacks taking the same white cell conflict (binary clause), and the counts
// must satisfy #W == 2 #B. The implication graph is an explicit adjacency list
// (vector<vector<int>>) and its SCCs come from Tarjan's algorithm, written iteratively so that
// boards with millions of literals do not overflow the call stack.
// Written for gridmatch's benchmark harness (bench/run.sh).
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

using namespace std;

struct TwoSat {
    int n;  // variables
    vector<vector<int>> adj;
    explicit TwoSat(int vars) : n(vars), adj(2 * vars) {}
    static int lit(int var, bool val) { return 2 * var + (val ? 0 : 1); }  // lit ^ 1 = negation
    void clause(int a, int b) {  // (a or b)
        adj[a ^ 1].push_back(b);
        adj[b ^ 1].push_back(a);
    }
    bool satisfiable() {
        int N = 2 * n, idx = 0, comps = 0;
        vector<int> index(N, -1), low(N, 0), comp(N, -1), stk, edge(N, 0);
        vector<char> on(N, 0);
        vector<int> call;
        for (int s = 0; s < N; ++s) {
            if (index[s] != -1) continue;
            call.push_back(s);
            index[s] = low[s] = idx++;
            stk.push_back(s);
            on[s] = 1;
            while (!call.empty()) {
                int u = call.back();
                if (edge[u] < (int)adj[u].size()) {
                    int v = adj[u][edge[u]++];
                    if (index[v] == -1) {
                        index[v] = low[v] = idx++;
                        stk.push_back(v);
                        on[v] = 1;
                        call.push_back(v);
                    } else if (on[v]) {
                        low[u] = min(low[u], index[v]);
                    }
                } else {
                    call.pop_back();
                    if (!call.empty()) low[call.back()] = min(low[call.back()], low[u]);
                    if (low[u] == index[u]) {
                        int w;
                        do {
                            w = stk.back();
                            stk.pop_back();
                            on[w] = 0;
                            comp[w] = comps;
                        } while (w != u);
                        ++comps;
                    }
                }
            }
        }
        for (int v = 0; v < n; ++v)
            if (comp[2 * v] == comp[2 * v + 1]) return false;
        return true;
    }
};

static bool solve(int R, int C, const vector<string>& g) {
    vector<int> id(R * C, -1);
    int blacks = 0, whites = 0;
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c) {
            if (g[r][c] == 'B') id[r * C + c] = blacks++;
            else if (g[r][c] == 'W') ++whites;
        }
    if (whites != 2 * blacks) return false;
    auto white = [&](int r, int c) { return r >= 0 && r < R && c >= 0 && c < C && g[r][c] == 'W'; };
    TwoSat ts(2 * blacks);
    // var 2b: true = down; var 2b+1: true = right.
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c) {
            int b = id[r * C + c];
            if (b < 0) continue;
            bool up = white(r - 1, c), down = white(r + 1, c);
            bool left = white(r, c - 1), right = white(r, c + 1);
            if ((!up && !down) || (!left && !right)) return false;
            if (!up) ts.clause(TwoSat::lit(2 * b, true), TwoSat::lit(2 * b, true));
            if (!down) ts.clause(TwoSat::lit(2 * b, false), TwoSat::lit(2 * b, false));
            if (!left) ts.clause(TwoSat::lit(2 * b + 1, true), TwoSat::lit(2 * b + 1, true));
            if (!right) ts.clause(TwoSat::lit(2 * b + 1, false), TwoSat::lit(2 * b + 1, false));
        }
    // Each white cell: the literals of the blacks around it that would take it; at most one.
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c) {
            if (g[r][c] != 'W') continue;
            int takers[4], k = 0;
            if (r > 0 && id[(r - 1) * C + c] >= 0) takers[k++] = TwoSat::lit(2 * id[(r - 1) * C + c], true);
            if (r + 1 < R && id[(r + 1) * C + c] >= 0) takers[k++] = TwoSat::lit(2 * id[(r + 1) * C + c], false);
            if (c > 0 && id[r * C + c - 1] >= 0) takers[k++] = TwoSat::lit(2 * id[r * C + c - 1] + 1, true);
            if (c + 1 < C && id[r * C + c + 1] >= 0) takers[k++] = TwoSat::lit(2 * id[r * C + c + 1] + 1, false);
            for (int i = 0; i < k; ++i)
                for (int j = i + 1; j < k; ++j) ts.clause(takers[i] ^ 1, takers[j] ^ 1);
        }
    return ts.satisfiable();
}

int main() {
    int T;
    if (scanf("%d", &T) != 1) return 1;
    static char buf[1 << 16];
    while (T--) {
        int R, C;
        if (scanf("%d %d", &R, &C) != 2) return 1;
        vector<string> g(R);
        for (int r = 0; r < R; ++r) {
            string row;
            while ((int)row.size() < C) {
                if (scanf("%65535s", buf) != 1) return 1;
                row += buf;
            }
            g[r] = row;
        }
        puts(solve(R, C, g) ? "YES" : "NO");
    }
    return 0;
}
