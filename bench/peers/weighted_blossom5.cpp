// Minimum-cost perfect matching of a graph file with Blossom V (V. Kolmogorov, "Blossom V: a new
// implementation of a minimum cost perfect matching algorithm", Math. Prog. Comp. 2009), used
// with its default options (fractional jump-start, connected-component dual updates; only
// `verbose` is turned off, which changes nothing but its log on stdout).
//
// This driver is gridmatch's own code; Blossom V itself is NOT part of the repository (its licence
// allows research and evaluation use only and forbids redistribution). Build it against a copy
// fetched and kept outside the repository (docs/BENCHMARKS.md, "Blossom V"):
//
//     g++ -O3 -D_NDEBUG -I"$BLOSSOM5_DIR" bench/peers/weighted_blossom5.cpp \
//         "$BLOSSOM5_DIR"/PM*.cpp "$BLOSSOM5_DIR"/misc.cpp "$BLOSSOM5_DIR"/MinCost/MinCost.cpp \
//         -o weighted_blossom5 -lrt
//
// (bench/run.sh does this when BLOSSOM5_DIR is set, and skips Blossom V otherwise.)
//
// Usage: weighted_blossom5 [--min | --max] [--perfect] [--call-time FILE] [FILE]
//
//   --min --perfect (default)  minimum-cost perfect matching: PerfectMatching on the costs
//   --max --perfect            maximum-weight perfect matching: the same on the negated weights
//   --max                      maximum-weight matching, any cardinality, by the standard reduction:
//                              two copies of the graph, costs −w in both, and a zero-cost edge
//                              from each vertex to its copy; a minimum-cost perfect matching of
//                              that graph is a maximum-weight matching in each copy, so the
//                              answer is −cost / 2 (2n vertices, 2m + n edges)
//
// Reads DIMACS (`c` comments, `p edge N M`, `e U V W`, 1-based; a missing weight is 1), the whole
// file at once, integers parsed by hand. Self-loops are dropped. Blossom V's costs are `int`
// (its default build): weights beyond ±(2^31 − 1)/4 are refused. Prints gridmatch's first line
// `TOTAL PAIRS`. Blossom V requires that a perfect matching exists (its behaviour is unspecified
// otherwise): the driver checks the matching it returns and exits 1 if it is not a perfect
// matching of the input. --call-time FILE writes the seconds of PerfectMatching's construction,
// AddEdge calls and Solve() to FILE (also printed to stderr).
#include <PerfectMatching.h>

#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static void fail(const char* what) {
    std::fprintf(stderr, "weighted_blossom5: %s\n", what);
    std::exit(1);
}

static std::vector<char> slurp(FILE* f) {
    std::vector<char> buf(1 << 20);
    size_t len = 0;
    for (;;) {
        len += std::fread(buf.data() + len, 1, buf.size() - len, f);
        if (len < buf.size()) break;
        buf.resize(buf.size() * 2);
    }
    buf.resize(len);
    return buf;
}

struct Reader {
    const char* p;
    const char* end;
    void blanks() {
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\r')) ++p;
    }
    void next_line() {
        while (p < end && *p != '\n') ++p;
        if (p < end) ++p;
    }
    bool integer(long long* out) {
        blanks();
        bool neg = false;
        if (p < end && (*p == '-' || *p == '+')) neg = *p++ == '-';
        if (p >= end || *p < '0' || *p > '9') return false;
        long long x = 0;
        while (p < end && *p >= '0' && *p <= '9') {
            if (x > (LLONG_MAX - 9) / 10) return false;
            x = x * 10 + (*p++ - '0');
        }
        *out = neg ? -x : x;
        return true;
    }
};

int main(int argc, char** argv) {
    const char* call_time = nullptr;
    const char* path = nullptr;
    bool maximize = false, perfect = false;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--call-time") && i + 1 < argc) call_time = argv[++i];
        else if (!std::strcmp(argv[i], "--max")) maximize = true;
        else if (!std::strcmp(argv[i], "--min")) maximize = false;
        else if (!std::strcmp(argv[i], "--perfect")) perfect = true;
        else if (!path && argv[i][0] != '-') path = argv[i];
        else {
            std::fprintf(stderr, "usage: weighted_blossom5 [--min | --max] [--perfect] "
                                 "[--call-time FILE] [FILE]\n");
            return 2;
        }
    }
    if (!maximize) perfect = true;  // a minimum-cost matching of any size is the empty one
    FILE* f = path ? std::fopen(path, "rb") : stdin;
    if (!f) fail("cannot open the input");
    std::vector<char> buf = slurp(f);
    if (path) std::fclose(f);

    Reader in{buf.data(), buf.data() + buf.size()};
    long long n = -1, m = 0;
    std::vector<int> ends;  // 0-based endpoint pairs
    std::vector<int> cost;  // one cost per pair, as Blossom V gets it
    const long long limit = INT_MAX / 4;
    while (in.p < in.end) {
        in.blanks();
        char c = in.p < in.end ? *in.p : '\n';
        if (c == 'e') {
            ++in.p;
            long long u, v, w = 1;
            if (!in.integer(&u) || !in.integer(&v)) fail("bad edge line");
            in.blanks();
            if (in.p < in.end && *in.p != '\n' && !in.integer(&w)) fail("bad weight");
            if (n < 0 || u < 1 || u > n || v < 1 || v > n) fail("edge out of range (or before p)");
            if (w > limit || w < -limit) fail("weight beyond Blossom V's int costs");
            if (u == v) {
                in.next_line();
                continue;
            }
            ends.push_back((int)(u - 1));
            ends.push_back((int)(v - 1));
            cost.push_back((int)(maximize ? -w : w));
        } else if (c == 'p') {
            ++in.p;
            in.blanks();
            while (in.p < in.end && *in.p >= 'a' && *in.p <= 'z') ++in.p;  // "edge"
            if (!in.integer(&n) || !in.integer(&m) || n < 0 || m < 0) fail("bad p line");
            if (n > INT_MAX / 2 || m > INT_MAX / 2) fail("graph too large for int ids");
            ends.reserve(2 * m);
            cost.reserve(m);
        } else if (c != 'c' && c != '\n') {
            fail("unexpected line");
        }
        in.next_line();
    }
    if (n < 0) fail("no p line");
    std::vector<char>().swap(buf);
    const long long edges = (long long)cost.size();

    auto t0 = std::chrono::steady_clock::now();
    bool doubled = !perfect;
    int nodes = (int)(doubled ? 2 * n : n);
    long long edge_max = doubled ? 2 * edges + n : edges;
    if (edge_max > INT_MAX) fail("too many edges for int ids");
    if (nodes % 2) {
        std::printf("no perfect matching\n");
        return 0;
    }
    PerfectMatching pm(nodes, (int)edge_max);
    pm.options.verbose = false;
    for (long long e = 0; e < edges; ++e) pm.AddEdge(ends[2 * e], ends[2 * e + 1], cost[e]);
    if (doubled) {
        for (long long e = 0; e < edges; ++e)
            pm.AddEdge((int)(ends[2 * e] + n), (int)(ends[2 * e + 1] + n), cost[e]);
        for (long long i = 0; i < n; ++i) pm.AddEdge((int)i, (int)(i + n), 0);
    }
    pm.Solve();
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    // The answer, from the matching Blossom V returns, checked edge by edge.
    long long total = 0, pairs = 0;
    std::vector<char> seen((size_t)n, 0);
    for (long long e = 0; e < edges; ++e) {
        if (!pm.GetSolution((int)e)) continue;
        int u = ends[2 * e], v = ends[2 * e + 1];
        if (seen[u] || seen[v]) fail("returned matching uses a vertex twice");
        seen[u] = seen[v] = 1;
        total += maximize ? -(long long)cost[e] : cost[e];
        ++pairs;
    }
    if (perfect && 2 * pairs != n) fail("returned matching is not perfect (none may exist)");
    std::printf("%lld %lld\n", total, pairs);
    std::fflush(stdout);
    std::fprintf(stderr, "weighted_blossom5: %s %.6f s\n",
                 doubled ? "PerfectMatching (doubled graph)" : "PerfectMatching", secs);
    if (call_time) {
        FILE* t = std::fopen(call_time, "w");
        if (t) {
            std::fprintf(t, "%.6f\n", secs);
            std::fclose(t);
        }
    }
    return 0;
}
