//! A bounding-box tree over items (outline segments, placed glyphs, SVG
//! paths, runs of a point list), built when the shader is built and packed
//! into the data texture, so that the shader visits only the items near
//! the point it is asked about instead of every item at every march step.
//!
//! [`Tree::build`] halves its items at the median of their centres along
//! the longest side of the centres' box, until a node holds at most `leaf`
//! items; [`Tree::sequence`] keeps the items in their order and halves the
//! run (a curve's pieces follow each other in space). Either way the tree
//! is balanced: its depth is at most `ceil(log2(n / leaf)) + 1`, below
//! [`MAX_DEPTH`] for any count the limits allow, which bounds the shader's
//! stack.
//!
//! Why a search through it finds what a scan of every item finds: a node's
//! box holds the boxes of every item below it, so an item is nearer than
//! the best distance so far only if every node above it is, and a ray that
//! crosses an item crosses every box above it. The shader skips a node only
//! when neither holds, so it skips only items a scan would also have
//! skipped (`shaders/glyphs.glsl`).
//!
//! Packed, each node is two texels, in depth-first order (a node's first
//! child right after it). In 2D ([`Tree::pack`]):
//! - `(min x, min y, max x, max y)`: its box;
//! - for an inner node `(right, 0, 0, 0)`: the texel of its second child;
//!   for a leaf the caller's record, whose second float is not 0.
//!
//! In 3D ([`Tree::pack3`]): `(min x, min y, min z, right or first)` and
//! `(max x, max y, max z, 0 or count)`: an inner node's second child, or
//! a leaf's run of items.

/// The deepest tree [`Tree::build`] makes, and the size of the stack the
/// shader walks it with (`RK_TREE_STACK` in `shaders/glyphs.glsl`).
pub const MAX_DEPTH: usize = 32;

/// A box: min x, min y, min z, max x, max y, max z.
pub type Box3 = [f32; 6];

/// A node: its box, and either two children or a run of `order`.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub bbox: Box3,
    pub kind: Kind,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// Children at these node indices (the first is always the next node).
    Inner(usize, usize),
    /// `order[first..first + count]`.
    Leaf { first: usize, count: usize },
}

/// The tree, and the items in the order its leaves list them.
#[derive(Debug, Clone, PartialEq)]
pub struct Tree {
    pub nodes: Vec<Node>,
    /// Item indices, leaf after leaf.
    pub order: Vec<usize>,
}

fn union(a: Box3, b: Box3) -> Box3 {
    [
        a[0].min(b[0]),
        a[1].min(b[1]),
        a[2].min(b[2]),
        a[3].max(b[3]),
        a[4].max(b[4]),
        a[5].max(b[5]),
    ]
}

/// A 2D box (min x, min y, max x, max y) at z = 0.
fn flat(b: [f32; 4]) -> Box3 {
    [b[0], b[1], 0.0, b[2], b[3], 0.0]
}

impl Tree {
    /// The tree over 2D `boxes` (min x, min y, max x, max y each), at most
    /// `leaf` (at least 1) items to a leaf. An empty list gives no nodes.
    pub fn build(boxes: &[[f32; 4]], leaf: usize) -> Tree {
        let boxes: Vec<Box3> = boxes.iter().map(|&b| flat(b)).collect();
        Tree::grow(&boxes, leaf, true)
    }

    /// The tree over `boxes` in their order, one to a leaf: each node
    /// holds a run of consecutive items.
    pub fn sequence(boxes: &[Box3]) -> Tree {
        Tree::grow(boxes, 1, false)
    }

    fn grow(boxes: &[Box3], leaf: usize, sort: bool) -> Tree {
        let leaf = leaf.max(1);
        let mut order: Vec<usize> = (0..boxes.len()).collect();
        let mut nodes: Vec<Node> = Vec::with_capacity(2 * boxes.len() / leaf + 1);
        if !boxes.is_empty() {
            // Depth-first with an explicit stack: (range of `order`, the
            // node waiting for this range as its second child).
            let mut todo: Vec<(usize, usize, Option<usize>)> = vec![(0, boxes.len(), None)];
            while let Some((lo, hi, parent)) = todo.pop() {
                let index = nodes.len();
                if let Some(p) = parent
                    && let Kind::Inner(_, right) = &mut nodes[p].kind
                {
                    *right = index;
                }
                let items = &mut order[lo..hi];
                let bbox = items
                    .iter()
                    .map(|&i| boxes[i])
                    .reduce(union)
                    .unwrap_or([0.0; 6]);
                if items.len() <= leaf {
                    nodes.push(Node {
                        bbox,
                        kind: Kind::Leaf {
                            first: lo,
                            count: hi - lo,
                        },
                    });
                    continue;
                }
                let mid = items.len() / 2;
                if sort {
                    let centre = |i: usize, axis: usize| {
                        let b = boxes[i];
                        0.5 * (b[axis] as f64 + b[axis + 3] as f64)
                    };
                    let (mut cmin, mut cmax) = ([f64::INFINITY; 3], [f64::NEG_INFINITY; 3]);
                    for &i in items.iter() {
                        for axis in 0..3 {
                            let c = centre(i, axis);
                            cmin[axis] = cmin[axis].min(c);
                            cmax[axis] = cmax[axis].max(c);
                        }
                    }
                    let extent = |a: usize| cmax[a] - cmin[a];
                    let axis = (0..3)
                        .max_by(|&a, &b| extent(a).total_cmp(&extent(b)).then(b.cmp(&a)))
                        .unwrap_or(0);
                    items.select_nth_unstable_by(mid, |&a, &b| {
                        centre(a, axis).total_cmp(&centre(b, axis)).then(a.cmp(&b))
                    });
                }
                nodes.push(Node {
                    bbox,
                    kind: Kind::Inner(index + 1, 0),
                });
                // The first half is built next (it is popped first), so it
                // lands right after this node.
                todo.push((lo + mid, hi, Some(index)));
                todo.push((lo, lo + mid, None));
            }
        }
        Tree { nodes, order }
    }

    /// How many nodes [`Tree::build`] makes for `n` items, `leaf` to a leaf
    /// (it splits at the middle whatever the boxes), without building it.
    pub fn node_count(n: usize, leaf: usize) -> usize {
        let leaf = leaf.max(1);
        let (mut nodes, mut todo) = (0, vec![n]);
        while let Some(k) = todo.pop() {
            if k == 0 {
                continue;
            }
            nodes += 1;
            if k > leaf {
                todo.push(k / 2);
                todo.push(k - k / 2);
            }
        }
        nodes
    }

    /// How many nodes the longest path from the root passes through.
    pub fn depth(&self) -> usize {
        let mut deepest = 0;
        let mut todo = vec![(0usize, 1usize)];
        if self.nodes.is_empty() {
            return 0;
        }
        while let Some((n, d)) = todo.pop() {
            deepest = deepest.max(d);
            if let Kind::Inner(a, b) = self.nodes[n].kind {
                todo.push((a, d + 1));
                todo.push((b, d + 1));
            }
        }
        deepest
    }

    /// The nodes as texels, the tree's first texel at `base` (texel
    /// indices in the records count from the same origin as `base`).
    /// `leaf_record(first, count)` gives a leaf's second texel; its second
    /// float must not be 0 (0 marks an inner node).
    pub fn pack(
        &self,
        base: usize,
        mut leaf_record: impl FnMut(usize, usize) -> [f32; 4],
        out: &mut Vec<[f32; 4]>,
    ) {
        for node in &self.nodes {
            let b = node.bbox;
            out.push([b[0], b[1], b[3], b[4]]);
            out.push(match node.kind {
                Kind::Inner(_, right) => [(base + 2 * right) as f32, 0.0, 0.0, 0.0],
                Kind::Leaf { first, count } => leaf_record(first, count),
            });
        }
    }

    /// The nodes as 3D texels, the tree's first texel at `base`:
    /// `(min, right)` and `(max, 0)` for an inner node, `(min, a)` and
    /// `(max, b)` for a leaf, `(a, b) = leaf(first, count)` (`b` not 0).
    pub fn pack3(
        &self,
        base: usize,
        leaf: impl Fn(usize, usize) -> (f32, f32),
        out: &mut Vec<[f32; 4]>,
    ) {
        for node in &self.nodes {
            let b = node.bbox;
            let (x, y) = match node.kind {
                Kind::Inner(_, right) => ((base + 2 * right) as f32, 0.0),
                Kind::Leaf { first, count } => leaf(first, count),
            };
            out.push([b[0], b[1], b[2], x]);
            out.push([b[3], b[4], b[5], y]);
        }
    }

    /// Texels [`Tree::pack`] writes.
    pub fn texel_count(&self) -> usize {
        2 * self.nodes.len()
    }
}

/// A box grown by a relative sliver on every side, so that a point rounded
/// onto its edge in single precision still counts as inside.
pub fn padded(b: [f32; 4]) -> [f32; 4] {
    let pad = |v: f32| 1e-6 * (1.0 + v.abs());
    [
        b[0] - pad(b[0]),
        b[1] - pad(b[1]),
        b[2] + pad(b[2]),
        b[3] + pad(b[3]),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boxes(n: usize, seed: u64) -> Vec<[f32; 4]> {
        let mut s = seed | 1;
        let mut r = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s >> 40) as f32 / (1u64 << 24) as f32
        };
        (0..n)
            .map(|_| {
                let (x, y, w, h) = (r() * 10.0 - 5.0, r() * 3.0, r() * 0.5, r() * 2.0);
                [x, y, x + w, y + h]
            })
            .collect()
    }

    fn contains(outer: Box3, inner: [f32; 4]) -> bool {
        outer[0] <= inner[0] && outer[1] <= inner[1] && outer[3] >= inner[2] && outer[4] >= inner[3]
    }

    #[test]
    fn every_item_is_listed_once_under_boxes_that_hold_it() {
        for (n, leaf) in [
            (0, 4),
            (1, 4),
            (2, 1),
            (7, 1),
            (100, 4),
            (1000, 1),
            (4097, 4),
        ] {
            let b = boxes(n, n as u64 + 3);
            let t = Tree::build(&b, leaf);
            let mut seen = t.order.clone();
            seen.sort_unstable();
            assert_eq!(seen, (0..n).collect::<Vec<_>>(), "n = {n}");
            // Walk from the root: every leaf's items lie in every box above.
            let mut listed = 0;
            let mut todo: Vec<(usize, Vec<Box3>)> = if n > 0 { vec![(0, vec![])] } else { vec![] };
            while let Some((i, above)) = todo.pop() {
                let node = &t.nodes[i];
                let mut chain = above.clone();
                chain.push(node.bbox);
                match node.kind {
                    Kind::Inner(a, b2) => {
                        assert_eq!(a, i + 1, "the first child follows its parent");
                        todo.push((a, chain.clone()));
                        todo.push((b2, chain));
                    }
                    Kind::Leaf { first, count } => {
                        assert!(count >= 1 && count <= leaf);
                        for &item in &t.order[first..first + count] {
                            listed += 1;
                            assert!(chain.iter().all(|c| contains(*c, b[item])));
                        }
                    }
                }
            }
            assert_eq!(listed, n);
            assert_eq!(Tree::node_count(n, leaf), t.nodes.len(), "n = {n}");
            let bound = if n <= leaf {
                1
            } else {
                ((n as f64 / leaf as f64).log2().ceil() as usize) + 1
            };
            assert!(t.depth() <= bound, "n = {n}: depth {} > {bound}", t.depth());
        }
    }

    #[test]
    fn depth_stays_within_the_shader_stack_for_every_count_the_limits_allow() {
        // The most items any tree gets: TEXT_SEGMENTS segments, or
        // DATA_TEXELS texels' worth of anything.
        let most = crate::limits::DATA_TEXELS.max(crate::limits::TEXT_SEGMENTS);
        assert!(((most as f64).log2().ceil() as usize) < MAX_DEPTH);
        // All items at one spot still split (by index) into a balanced tree.
        let same = vec![[1.0, 1.0, 2.0, 2.0]; 5000];
        assert!(Tree::build(&same, 1).depth() <= 14);
    }

    #[test]
    fn a_sequence_keeps_its_order_in_runs() {
        for n in [1usize, 2, 3, 10, 257] {
            let b: Vec<Box3> = (0..n)
                .map(|i| {
                    let x = (i as f32 * 0.37).sin();
                    [x, 0.0, -1.0, x + 0.1, 1.0, 1.0]
                })
                .collect();
            let t = Tree::sequence(&b);
            assert_eq!(t.order, (0..n).collect::<Vec<_>>());
            // Every node covers a run of consecutive items.
            fn run(t: &Tree, i: usize) -> (usize, usize) {
                match t.nodes[i].kind {
                    Kind::Leaf { first, count } => (first, first + count),
                    Kind::Inner(a, b) => {
                        let (l0, l1) = run(t, a);
                        let (r0, r1) = run(t, b);
                        assert_eq!(l1, r0);
                        (l0, r1)
                    }
                }
            }
            assert_eq!(run(&t, 0), (0, n));
            let mut out = Vec::new();
            t.pack3(10, |f, c| (f as f32, c as f32), &mut out);
            assert_eq!(out.len(), t.texel_count());
            assert_eq!(out[0][0..3], t.nodes[0].bbox[0..3]);
            assert!(t.depth() <= ((n as f64).log2().ceil() as usize) + 1);
        }
    }

    #[test]
    fn pack_points_inner_nodes_at_their_second_child() {
        let b = boxes(9, 11);
        let t = Tree::build(&b, 2);
        let mut out = Vec::new();
        t.pack(
            100,
            |first, count| [first as f32, count as f32, 0.0, 0.0],
            &mut out,
        );
        assert_eq!(out.len(), t.texel_count());
        for (i, node) in t.nodes.iter().enumerate() {
            let b = node.bbox;
            assert_eq!(out[2 * i], [b[0], b[1], b[3], b[4]]);
            match node.kind {
                Kind::Inner(_, right) => {
                    assert_eq!(out[2 * i + 1], [(100 + 2 * right) as f32, 0.0, 0.0, 0.0])
                }
                Kind::Leaf { count, .. } => assert_eq!(out[2 * i + 1][1], count as f32),
            }
        }
    }
}
