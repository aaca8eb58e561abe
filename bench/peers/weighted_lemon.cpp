// Weighted matching of a graph file with LEMON, used the way its best users use it: a SmartGraph
// with its nodes and edges reserved, an EdgeMap<long long> of the weights, MaxWeightedMatching or
// MaxWeightedPerfectMatching, ONE run() (fractionalInit() + start(), LEMON's fastest start).
//
// Usage: weighted_lemon [--max | --min] [--max-cardinality | --perfect] [--call-time FILE] [FILE]
//
//   default (--max)     a maximum-weight matching, any cardinality (MaxWeightedMatching)
//   --min               a minimum-weight matching: the same on the negated weights
//   --perfect           best weight among perfect matchings (MaxWeightedPerfectMatching, on the
//                       negated weights with --min: minimum-cost perfect matching)
//   --max-cardinality   best weight among maximum-cardinality matchings: MaxWeightedMatching on
//                       the weights shifted by C = 1 + n·max|w| (every extra pair then outweighs
//                       any weight difference), the shift taken off the total afterwards
//
// Reads DIMACS (`c` comments, `p edge N M`, `e U V W`, 1-based) or Matrix Market coordinate
// (`%%MatrixMarket matrix coordinate integer ...`, `M N NNZ`, entries `I J V` 1-based: rows
// 0..M-1 and columns M..M+N-1 of a bipartite graph), the whole file at once, integers (signed)
// parsed by hand; a missing weight is 1. Self-loops are dropped (no matching uses them);
// repeated edges are kept. Prints gridmatch's first line `TOTAL PAIRS` (or `no perfect
// matching`). --call-time FILE writes the seconds of the algorithm object's construction +
// run() alone to FILE (also printed to stderr), so the harness can report the call next to the
// whole process. Written for gridmatch's benchmark (bench/weighted.py).
#include <lemon/matching.h>
#include <lemon/smart_graph.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace lemon;

static std::vector<char> slurp(FILE* f) {
    std::vector<char> buf;
    size_t len = 0;
    buf.resize(1 << 20);
    for (;;) {
        size_t got = std::fread(buf.data() + len, 1, buf.size() - len, f);
        len += got;
        if (len < buf.size()) break;
        buf.resize(buf.size() * 2);
    }
    buf.resize(len);
    buf.push_back('\0');
    return buf;
}

struct Parser {
    const char* p;
    const char* end;
    static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }
    void skip_blanks() {
        while (p < end && blank(*p)) ++p;
    }
    void skip_line() {
        while (p < end && *p != '\n') ++p;
        if (p < end) ++p;
    }
    bool number(long long* out) {
        skip_blanks();
        bool neg = false;
        if (p < end && (*p == '-' || *p == '+')) neg = *p++ == '-';
        if (p >= end || *p < '0' || *p > '9') return false;
        long long x = 0;
        while (p < end && *p >= '0' && *p <= '9') x = x * 10 + (*p++ - '0');
        *out = neg ? -x : x;
        return true;
    }
    // The weight, or 1 if the line ends here.
    bool weight(long long* out) {
        skip_blanks();
        if (p >= end || *p == '\n') {
            *out = 1;
            return true;
        }
        return number(out);
    }
};

static void fail(const char* what) {
    std::fprintf(stderr, "weighted_lemon: %s\n", what);
    std::exit(1);
}

int main(int argc, char** argv) {
    const char* call_time = nullptr;
    const char* path = nullptr;
    bool minimize = false, perfect = false, maxcard = false;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--call-time") && i + 1 < argc) call_time = argv[++i];
        else if (!std::strcmp(argv[i], "--max")) minimize = false;
        else if (!std::strcmp(argv[i], "--min")) minimize = true;
        else if (!std::strcmp(argv[i], "--perfect")) perfect = true;
        else if (!std::strcmp(argv[i], "--max-cardinality")) maxcard = true;
        else if (!path && argv[i][0] != '-') path = argv[i];
        else {
            std::fprintf(stderr,
                         "usage: weighted_lemon [--max | --min] [--max-cardinality | --perfect] "
                         "[--call-time FILE] [FILE]\n");
            return 2;
        }
    }
    if (perfect && maxcard) fail("--perfect and --max-cardinality exclude each other");
    FILE* f = path ? std::fopen(path, "rb") : stdin;
    if (!f) fail("cannot open the input");
    std::vector<char> buf = slurp(f);
    if (path) std::fclose(f);

    Parser in{buf.data(), buf.data() + buf.size() - 1};
    long long n = -1, m = 0;
    std::vector<int> ends;        // 0-based endpoint pairs
    std::vector<long long> wts;   // one weight per pair
    bool mtx = buf.size() > 14 && !std::strncmp(buf.data(), "%%MatrixMarket", 14);
    if (mtx) {
        while (in.p < in.end && (*in.p == '%' || *in.p == '\n')) in.skip_line();
        long long rows, cols, nnz;
        if (!in.number(&rows) || !in.number(&cols) || !in.number(&nnz)) fail("bad size line");
        in.skip_line();
        n = rows + cols;
        ends.reserve(2 * nnz);
        wts.reserve(nnz);
        for (long long k = 0; k < nnz; ++k) {
            long long i, j, w;
            if (!in.number(&i) || !in.number(&j) || !in.weight(&w)) fail("bad entry");
            in.skip_line();
            if (i < 1 || i > rows || j < 1 || j > cols) fail("entry out of range");
            ends.push_back((int)(i - 1));
            ends.push_back((int)(rows + j - 1));
            wts.push_back(w);
        }
    } else {
        while (in.p < in.end) {
            in.skip_blanks();
            char c = in.p < in.end ? *in.p : '\n';
            if (c == 'e') {
                ++in.p;
                long long u, v, w;
                if (!in.number(&u) || !in.number(&v) || !in.weight(&w)) fail("bad edge line");
                if (u < 1 || u > n || v < 1 || v > n) fail("edge out of range (or before p)");
                ends.push_back((int)(u - 1));
                ends.push_back((int)(v - 1));
                wts.push_back(w);
            } else if (c == 'p') {
                ++in.p;
                in.skip_blanks();
                while (in.p < in.end && *in.p >= 'a' && *in.p <= 'z') ++in.p;  // "edge"/"col"
                if (!in.number(&n) || !in.number(&m)) fail("bad p line");
                ends.reserve(2 * m);
                wts.reserve(m);
            } else if (c != 'c' && c != '\n') {
                fail("unexpected line");
            }
            in.skip_line();
        }
        if (n < 0) fail("no p line");
    }

    // Weights as LEMON gets them: negated for --min; shifted for --max-cardinality.
    long long maxabs = 0;
    for (long long& w : wts) {
        if (minimize) w = -w;
        maxabs = std::max(maxabs, w < 0 ? -w : w);
    }
    long long shift = 0;
    if (maxcard) {
        // LEMON multiplies the weights by dualScale (4) and sums up to n/2 of them.
        long double c = 1.0L + (long double)n * maxabs;
        if ((c + maxabs) * (long double)(n / 2 + 1) * 4 > 9.0e18L) fail("weights too large to shift");
        shift = 1 + n * maxabs;
        for (long long& w : wts) w += shift;
    }

    SmartGraph g;
    g.reserveNode((int)n);
    g.reserveEdge((int)wts.size());
    std::vector<SmartGraph::Node> nodes((size_t)n);
    for (long long i = 0; i < n; ++i) nodes[(size_t)i] = g.addNode();
    std::vector<std::pair<int, long long>> edges;  // (edge id, weight) of the kept edges
    edges.reserve(wts.size());
    for (size_t k = 0; k < wts.size(); ++k)
        if (ends[2 * k] != ends[2 * k + 1])
            edges.emplace_back(g.id(g.addEdge(nodes[ends[2 * k]], nodes[ends[2 * k + 1]])),
                               wts[k]);
    std::vector<int>().swap(ends);
    std::vector<long long>().swap(wts);
    SmartGraph::EdgeMap<long long> weight(g);
    for (auto& e : edges) weight[g.edgeFromId(e.first)] = e.second;
    std::vector<std::pair<int, long long>>().swap(edges);

    auto t0 = std::chrono::steady_clock::now();
    long long total = 0;
    int pairs = 0;
    bool found = true;
    if (perfect) {
        MaxWeightedPerfectMatching<SmartGraph, SmartGraph::EdgeMap<long long>> mwpm(g, weight);
        found = mwpm.run();
        if (found) {
            total = mwpm.matchingWeight();
            pairs = (int)(n / 2);
        }
    } else {
        MaxWeightedMatching<SmartGraph, SmartGraph::EdgeMap<long long>> mwm(g, weight);
        mwm.run();
        total = mwm.matchingWeight();
        pairs = mwm.matchingSize();
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    total -= shift * pairs;
    if (minimize) total = -total;
    if (found) std::printf("%lld %d\n", total, pairs);
    else std::printf("no perfect matching\n");
    std::fflush(stdout);
    std::fprintf(stderr, "weighted_lemon: %s run %.6f s\n",
                 perfect ? "MaxWeightedPerfectMatching" : "MaxWeightedMatching", secs);
    if (call_time) {
        FILE* t = std::fopen(call_time, "w");
        if (t) {
            std::fprintf(t, "%.6f\n", secs);
            std::fclose(t);
        }
    }
    return 0;
}
