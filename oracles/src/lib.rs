//! Brute-force references for gridmatch's tests, on plain data (rows of bytes, edge lists,
//! clauses): they share no code with the solvers, not even their types.
