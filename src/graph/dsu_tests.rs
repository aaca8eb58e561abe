use super::*;

#[test]
fn sets_merge_and_sizes_add_up() {
    let mut d = Dsu::<Size>::new(6);
    assert!((0..6).all(|v| d.is_fresh(v)));
    let r = d.union(0, 1);
    assert_eq!(r, 0, "on a tie the root of the first argument stays root");
    let r = d.union(2, 1);
    assert_eq!(r, 0, "the larger set's root stays root");
    assert_eq!(d.weight(r), Size(3));
    assert_eq!(d.union(1, 2), 0, "already united");
    d.union(4, 5);
    let roots = d.into_roots();
    assert_eq!(roots, vec![0, 0, 0, 3, 4, 4]);
}

#[test]
fn ranks_follow_union_by_rank() {
    let mut d = Dsu::<Rank>::new(4);
    // Tie: `b` becomes root and its rank grows.
    assert_eq!(d.link(0, 1), 1);
    assert_eq!(d.weight(1), Rank(1));
    // Lower rank goes below higher, whichever side it is on.
    assert_eq!(d.link(1, 2), 1);
    assert_eq!(d.link(3, 1), 1);
    assert_eq!(d.weight(1), Rank(1));
    assert!((0..4).all(|v| d.find(v) == 1));
    for v in 0..4 {
        d.reset(v);
    }
    assert!((0..4).all(|v| d.is_fresh(v)));
}
