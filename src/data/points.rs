//! The `points` data style: a list of 2D or 3D points, each with an
//! optional scale, rotation and colour, written inline in the network or
//! read from a CSV, PLY or OBJ file in the project.
//!
//! The readers are small and line-based: only numbers matter, every error
//! names its line, and counting points as they come keeps memory bounded
//! whatever a file (or a PLY header) claims.

use crate::limits::DATA_POINTS;
use serde_yaml_ng::Value as Yaml;

/// One point and what it carries.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    pub pos: [f32; 3],
    /// Uniform scale (1 when not given).
    pub scale: f32,
    /// Rotation in degrees about X, then Y, then Z (0 when not given).
    pub rotate: [f32; 3],
    /// Linear RGB colour (white when not given).
    pub color: [f32; 3],
}

impl Default for Point {
    fn default() -> Point {
        Point {
            pos: [0.0; 3],
            scale: 1.0,
            rotate: [0.0; 3],
            color: [1.0; 3],
        }
    }
}

/// A list of points.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PointList {
    pub points: Vec<Point>,
}

/// Points to a leaf of [`PointList::curve_tree`].
pub const RUN: usize = 4;
/// How far (in points) before and after its first point a piece may reach
/// for its control points: a Catmull-Rom piece from point i reads i - 1 to
/// i + 2, a cubic Bezier piece i to i + 3.
pub const REACH_BEFORE: usize = 1;
pub const REACH_AFTER: usize = 3;
/// How far a leaf's box is grown, in longest steps between points.
pub const GROW: f32 = 1.25;

/// Why a point list cannot be read: the line (1-based, 0 for none) and
/// what is wrong there.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct PointsError {
    pub line: usize,
    pub message: String,
}

pub(super) fn fail<T>(line: usize, message: impl Into<String>) -> Result<T, PointsError> {
    Err(PointsError {
        line,
        message: message.into(),
    })
}

/// The columns a point can have, by the names a CSV header or a PLY
/// vertex element uses for them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Column {
    Pos(usize),
    Scale,
    Rotate(usize),
    Color(usize),
    /// A byte colour (PLY `uchar red`): divided by 255.
    ColorByte(usize),
    Ignored,
}

pub(super) fn column(name: &str) -> Column {
    match name.trim().to_ascii_lowercase().as_str() {
        "x" | "px" => Column::Pos(0),
        "y" | "py" => Column::Pos(1),
        "z" | "pz" => Column::Pos(2),
        "scale" | "s" | "pscale" => Column::Scale,
        "rx" => Column::Rotate(0),
        "ry" => Column::Rotate(1),
        "rz" => Column::Rotate(2),
        "r" | "red" | "cr" => Column::Color(0),
        "g" | "green" | "cg" => Column::Color(1),
        "b" | "blue" | "cb" => Column::Color(2),
        _ => Column::Ignored,
    }
}

pub(super) fn finite(v: f64, line: usize) -> Result<f32, PointsError> {
    if !v.is_finite() || v.abs() > 1e30 {
        return fail(
            line,
            format!("{v} is not a usable coordinate (finite, at most 1e30)"),
        );
    }
    Ok(v as f32)
}

pub(super) fn set(point: &mut Point, col: Column, v: f32) {
    match col {
        Column::Pos(k) => point.pos[k] = v,
        Column::Scale => point.scale = v,
        Column::Rotate(k) => point.rotate[k] = v,
        Column::Color(k) => point.color[k] = v,
        Column::ColorByte(k) => point.color[k] = v / 255.0,
        Column::Ignored => {}
    }
}

impl PointList {
    pub(super) fn push(&mut self, p: Point, line: usize) -> Result<(), PointsError> {
        if self.points.len() >= DATA_POINTS {
            return fail(
                line,
                format!("more than {DATA_POINTS} points (DATA_POINTS)"),
            );
        }
        self.points.push(p);
        Ok(())
    }

    /// The list as YAML flow text that [`PointList::from_yaml`] reads back:
    /// `[x, y, z]` for a bare point, a mapping for one that carries more.
    pub fn to_yaml_text(&self) -> String {
        let f = super::float_text;
        let v3 = |a: [f32; 3]| format!("[{}, {}, {}]", f(a[0]), f(a[1]), f(a[2]));
        let plain = Point::default();
        let items: Vec<String> = self
            .points
            .iter()
            .map(|p| {
                if p.scale == plain.scale && p.rotate == plain.rotate && p.color == plain.color {
                    return v3(p.pos);
                }
                let mut m = vec![format!("p: {}", v3(p.pos))];
                if p.scale != plain.scale {
                    m.push(format!("scale: {}", f(p.scale)));
                }
                if p.rotate != plain.rotate {
                    m.push(format!("rotate: {}", v3(p.rotate)));
                }
                if p.color != plain.color {
                    m.push(format!("color: {}", v3(p.color)));
                }
                format!("{{{}}}", m.join(", "))
            })
            .collect();
        format!("[{}]", items.join(", "))
    }

    /// The box around the positions (zeros for an empty list).
    pub fn bounds(&self) -> ([f32; 3], [f32; 3]) {
        if self.points.is_empty() {
            return ([0.0; 3], [0.0; 3]);
        }
        let mut lo = [f32::MAX; 3];
        let mut hi = [f32::MIN; 3];
        for p in &self.points {
            for k in 0..3 {
                lo[k] = lo[k].min(p.pos[k]);
                hi[k] = hi[k].max(p.pos[k]);
            }
        }
        (lo, hi)
    }

    /// The tree the curve ROPs search a list through (see
    /// [`crate::data::tree`] and `shaders/node/curveScan.glsl`): its leaves
    /// are runs of [`RUN`] consecutive points, in order. A leaf's box holds
    /// every piece of a curve that starts at one of its points, whatever
    /// the curve: the points from [`REACH_BEFORE`] before the run to
    /// [`REACH_AFTER`] after its last (wrapping round the list, for closed
    /// curves), grown on every side by [`GROW`] times the longest step
    /// between consecutive points among them. A polyline's segment lies
    /// within its two points; a Bezier piece within its control points,
    /// points of the list; a Catmull-Rom piece within its Bezier control
    /// points, which lie at most 2/3 of a step from its ends (centripetal;
    /// 1/3 uniform; a mirrored end neighbour is one step away), and the
    /// quadratics standing in for a cubic lie within 0.3 of a step beyond
    /// those (`rkcCubicSlack`): 0.96 of a step in all, under GROW. The
    /// runs near the end also hold the first point, where a closed Bezier
    /// path's last piece ends.
    pub fn curve_tree(&self) -> crate::data::tree::Tree {
        let n = self.points.len();
        let at = |i: isize| self.points[i.rem_euclid(n as isize) as usize].pos;
        let boxes: Vec<crate::data::tree::Box3> = (0..n.div_ceil(RUN))
            .map(|k| {
                let (j0, j1) = ((k * RUN) as isize, ((k + 1) * RUN).min(n) as isize);
                let (from, mut to) = (j0 - REACH_BEFORE as isize, j1 - 1 + REACH_AFTER as isize);
                // A closed Bezier path's last piece ends on the first point,
                // whatever points are left over before it.
                if to + REACH_AFTER as isize >= n as isize - 1 {
                    to = to.max(n as isize);
                }
                let mut b = [f32::MAX, f32::MAX, f32::MAX, f32::MIN, f32::MIN, f32::MIN];
                let mut step = 0.0f32;
                for i in from..=to {
                    let p = at(i);
                    for a in 0..3 {
                        b[a] = b[a].min(p[a]);
                        b[a + 3] = b[a + 3].max(p[a]);
                    }
                    if i < to {
                        let q = at(i + 1);
                        let d = (0..3).map(|a| (q[a] - p[a]).powi(2)).sum::<f32>().sqrt();
                        step = step.max(d);
                    }
                }
                let grow = GROW * step * (1.0 + 1e-5) + 1e-6;
                for a in 0..3 {
                    b[a] -= grow;
                    b[a + 3] += grow;
                }
                b
            })
            .collect();
        crate::data::tree::Tree::sequence(&boxes)
    }

    /// An inline list: each item `[x, y]`, `[x, y, z]`, or a mapping with
    /// `p` and optionally `scale`, `rotate` and `color`. The line of an
    /// error is the item's index (1-based).
    pub fn from_yaml(yaml: &Yaml) -> Result<PointList, PointsError> {
        let Some(items) = yaml.as_sequence() else {
            return fail(0, "expected a list of points or a file path");
        };
        let mut list = PointList::default();
        for (i, item) in items.iter().enumerate() {
            let n = i + 1;
            let numbers = |v: &Yaml,
                           what: &str,
                           counts: &[usize]|
             -> Result<Vec<f32>, PointsError> {
                let seq = v.as_sequence().filter(|s| counts.contains(&s.len()));
                let Some(seq) = seq else {
                    let want = counts
                        .iter()
                        .map(|c| c.to_string())
                        .collect::<Vec<_>>()
                        .join(" or ");
                    return fail(
                        n,
                        format!("point {n}: {what} must be a list of {want} numbers"),
                    );
                };
                seq.iter()
                    .map(
                        |x| match x.as_f64().or_else(|| x.as_i64().map(|i| i as f64)) {
                            Some(f) => finite(f, n),
                            None => fail(
                                n,
                                format!("point {n}: {what} holds something that is not a number"),
                            ),
                        },
                    )
                    .collect()
            };
            let mut p = Point::default();
            match item {
                Yaml::Sequence(_) => {
                    let v = numbers(item, "a point", &[2, 3])?;
                    p.pos[..v.len()].copy_from_slice(&v);
                }
                Yaml::Mapping(m) => {
                    for (k, v) in m {
                        match k.as_str() {
                            Some("p") => {
                                let v = numbers(v, "p", &[2, 3])?;
                                p.pos[..v.len()].copy_from_slice(&v);
                            }
                            Some("scale") => {
                                p.scale =
                                    numbers(&Yaml::Sequence(vec![v.clone()]), "scale", &[1])?[0]
                            }
                            Some("rotate") => {
                                p.rotate.copy_from_slice(&numbers(v, "rotate", &[3])?)
                            }
                            Some("color") => p.color.copy_from_slice(&numbers(v, "color", &[3])?),
                            _ => {
                                return fail(
                                    n,
                                    format!(
                                        "point {n}: unknown key (expected p, scale, rotate, color)"
                                    ),
                                );
                            }
                        }
                    }
                    if !m.contains_key("p") {
                        return fail(n, format!("point {n} has no `p`"));
                    }
                }
                _ => {
                    return fail(
                        n,
                        format!("point {n} is neither a list of numbers nor a mapping"),
                    );
                }
            }
            list.push(p, n)?;
        }
        Ok(list)
    }

    /// Reads a CSV file: an optional header naming the columns (x, y, z,
    /// scale, rx, ry, rz, r, g, b; others are ignored), else x, y[, z].
    /// Commas, semicolons or tabs separate (whichever the first row uses);
    /// fields may be quoted; `#` starts a comment line. Read line by line
    /// so that an error names its line: the files hold numbers only, so a
    /// general CSV reader would add nothing but a dependency.
    pub fn parse_csv(text: &str) -> Result<PointList, PointsError> {
        let mut columns: Option<Vec<Column>> = None;
        let mut delimiter = ',';
        let mut list = PointList::default();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let row = raw.trim();
            if row.is_empty() || row.starts_with('#') {
                continue;
            }
            if columns.is_none() {
                delimiter = [',', ';', '\t']
                    .into_iter()
                    .max_by_key(|d| row.matches(*d).count())
                    .filter(|d| row.contains(*d))
                    .unwrap_or(',');
            }
            let fields: Vec<&str> = row
                .split(delimiter)
                .map(|f| f.trim().trim_matches('"').trim())
                .collect();
            let cols = match &columns {
                Some(c) => c,
                None => {
                    if fields.iter().any(|f| f.parse::<f64>().is_err()) {
                        let cols: Vec<Column> = fields.iter().map(|f| column(f)).collect();
                        if !cols.contains(&Column::Pos(0)) || !cols.contains(&Column::Pos(1)) {
                            return fail(line, "the header names no x and y columns");
                        }
                        columns = Some(cols);
                        continue;
                    }
                    &*columns.insert(vec![Column::Pos(0), Column::Pos(1), Column::Pos(2)])
                }
            };
            let mut p = Point::default();
            let mut given = 0;
            for (field, col) in fields.iter().zip(cols) {
                if *col == Column::Ignored || field.is_empty() {
                    continue;
                }
                let Ok(v) = field.parse::<f64>() else {
                    return fail(
                        line,
                        format!("'{}' is not a number", crate::limits::echo(field)),
                    );
                };
                set(&mut p, *col, finite(v, line)?);
                given += 1;
            }
            if given < 2 {
                return fail(line, "a point needs at least x and y");
            }
            list.push(p, line)?;
        }
        Ok(list)
    }

    /// Reads the vertices of an OBJ file (`v x y z [r g b]`); everything
    /// else in the file is skipped.
    pub fn parse_obj(text: &str) -> Result<PointList, PointsError> {
        let mut list = PointList::default();
        for (i, line) in text.lines().enumerate() {
            let mut words = line.split_whitespace();
            if words.next() != Some("v") {
                continue;
            }
            let n = i + 1;
            let mut values = Vec::with_capacity(6);
            for w in words.take(7) {
                let Ok(v) = w.parse::<f64>() else {
                    return fail(n, format!("'{}' is not a number", crate::limits::echo(w)));
                };
                values.push(finite(v, n)?);
            }
            let mut p = Point::default();
            match values.len() {
                3 | 4 => p.pos.copy_from_slice(&values[..3]),
                6 | 7 => {
                    p.pos.copy_from_slice(&values[..3]);
                    p.color.copy_from_slice(&values[3..6]);
                }
                _ => return fail(n, "a vertex is `v x y z` or `v x y z r g b`"),
            }
            list.push(p, n)?;
        }
        Ok(list)
    }

    /// Reads the `vertex` element of a PLY file, ASCII or binary
    /// little-endian: x, y, z and optionally scale, rx, ry, rz and a
    /// colour (bytes are divided by 255).
    pub fn parse_ply(bytes: &[u8]) -> Result<PointList, PointsError> {
        super::ply::read(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_with_and_without_a_header() {
        let l =
            PointList::parse_csv("x,y,z,scale,r,g,b\n1,2,3,0.5,1,0,0\n4,5,6,2,0,1,0\n").unwrap();
        assert_eq!(l.points.len(), 2);
        assert_eq!(l.points[1].pos, [4.0, 5.0, 6.0]);
        assert_eq!(l.points[0].scale, 0.5);
        assert_eq!(l.points[1].color, [0.0, 1.0, 0.0]);
        let l = PointList::parse_csv("# a comment\n1;2\n3;4\n").unwrap();
        assert_eq!(l.points[1].pos, [3.0, 4.0, 0.0]);
        assert_eq!(l.points[1].scale, 1.0);
        let e = PointList::parse_csv("1,2,3\n4,zz,6\n").unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        assert!(PointList::parse_csv("1,2\nnan,3\n").is_err());
        assert!(
            PointList::parse_csv("a,b\n1,2\n").is_err(),
            "a header without x and y"
        );
    }

    #[test]
    fn obj_vertices_and_colours() {
        let l = PointList::parse_obj("# obj\nv 1 2 3\nvn 0 1 0\nv 4 5 6 0.5 0.25 1\nf 1 2 3\n")
            .unwrap();
        assert_eq!(l.points.len(), 2);
        assert_eq!(l.points[1].color, [0.5, 0.25, 1.0]);
        assert_eq!(PointList::parse_obj("v 1 2\n").unwrap_err().line, 1);
    }

    #[test]
    fn inline_lists_and_mappings() {
        let y: Yaml = serde_yaml_ng::from_str(
            "[[1, 2], [1, 2, 3], {p: [0, 1, 0], scale: 2, color: [1, 0, 0]}]",
        )
        .unwrap();
        let l = PointList::from_yaml(&y).unwrap();
        assert_eq!(l.points.len(), 3);
        assert_eq!(l.points[0].pos, [1.0, 2.0, 0.0]);
        assert_eq!(l.points[2].scale, 2.0);
        assert_eq!(l.bounds(), ([0.0, 1.0, 0.0], [1.0, 2.0, 3.0]));
        let back: Yaml = serde_yaml_ng::from_str(&l.to_yaml_text()).unwrap();
        assert_eq!(PointList::from_yaml(&back).unwrap(), l);
        let bad: Yaml = serde_yaml_ng::from_str("[[1, 2], [1]]").unwrap();
        assert_eq!(PointList::from_yaml(&bad).unwrap_err().line, 2);
        let bad: Yaml = serde_yaml_ng::from_str("[{q: [1, 2]}]").unwrap();
        assert!(PointList::from_yaml(&bad).is_err());
    }

    #[test]
    fn the_point_limit_is_refused_before_it_is_passed() {
        let text = "1,2\n".repeat(DATA_POINTS + 1);
        let e = PointList::parse_csv(&text).unwrap_err();
        assert!(e.message.contains("DATA_POINTS"), "{e}");
    }

    /// The pieces every curve ROP makes of a list (written here from the
    /// formulas in `shaders/curves.glsl` and the ROPs' `function.glsl`):
    /// each as its control points, by the piece's first point.
    fn pieces(pts: &[[f64; 3]], closed: bool) -> Vec<(usize, Vec<[f64; 3]>)> {
        let n = pts.len() as isize;
        let p = |i: isize| pts[i.rem_euclid(n) as usize];
        let sub = |a: [f64; 3], b: [f64; 3]| [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
        let len = |a: [f64; 3]| (a[0] * a[0] + a[1] * a[1] + a[2] * a[2]).sqrt();
        // Open ends mirror the end point's neighbour.
        let nb = |i: isize| {
            if closed || (0..n).contains(&i) {
                p(i)
            } else if i < 0 {
                let (a, b) = (p(0), p(1));
                [2.0 * a[0] - b[0], 2.0 * a[1] - b[1], 2.0 * a[2] - b[2]]
            } else {
                let (a, b) = (p(n - 1), p(n - 2));
                [2.0 * a[0] - b[0], 2.0 * a[1] - b[1], 2.0 * a[2] - b[2]]
            }
        };
        let count = if closed { n } else { n - 1 };
        let mut out = Vec::new();
        for i in 0..count {
            // Polyline.
            out.push((i as usize, vec![p(i), p(i + 1)]));
            // Catmull-Rom, centripetal and uniform, as cubic Beziers.
            for alpha in [0.5, 0.0] {
                let (p0, p1, p2, p3) = (nb(i - 1), nb(i), nb(i + 1), nb(i + 2));
                let st = |a: [f64; 3], b: [f64; 3]| {
                    let l: f64 = len(sub(b, a));
                    if alpha == 0.5 { l.sqrt() } else { 1.0 }.max(1e-6)
                };
                let (d1, d2, d3) = (st(p0, p1), st(p1, p2), st(p2, p3));
                let b1: [f64; 3] = std::array::from_fn(|k| {
                    (d1 * d1 * p2[k] - d2 * d2 * p0[k]
                        + (2.0 * d1 * d1 + 3.0 * d1 * d2 + d2 * d2) * p1[k])
                        / (3.0 * d1 * (d1 + d2))
                });
                let b2: [f64; 3] = std::array::from_fn(|k| {
                    (d3 * d3 * p1[k] - d2 * d2 * p3[k]
                        + (2.0 * d3 * d3 + 3.0 * d3 * d2 + d2 * d2) * p2[k])
                        / (3.0 * d3 * (d3 + d2))
                });
                // The quadratics standing in for the cubic lie within its
                // slack of the control points' box (rkcCubicSlack).
                let third: [f64; 3] =
                    std::array::from_fn(|k| p2[k] - 3.0 * b2[k] + 3.0 * b1[k] - p1[k]);
                let slack = 0.048112522 * len(third) / 64.0;
                let grow = |a: [f64; 3], s: f64| {
                    [
                        [a[0] - s, a[1] - s, a[2] - s],
                        [a[0] + s, a[1] + s, a[2] + s],
                    ]
                };
                let mut cps = Vec::new();
                for c in [p1, b1, b2, p2] {
                    cps.extend(grow(c, slack));
                }
                out.push((i as usize, cps));
            }
        }
        // Bezier paths: quadratic (step 2) and cubic (step 3) pieces of
        // consecutive points, the last closed one ending on point 0.
        for step in [2isize, 3] {
            let pieces = if closed { n / step } else { (n - 1) / step };
            for i in 0..pieces {
                let s = i * step;
                let mut cps: Vec<[f64; 3]> = (s..s + step).map(p).collect();
                cps.push(if closed && i == pieces - 1 {
                    p(0)
                } else {
                    p(s + step)
                });
                out.push((s as usize, cps));
            }
        }
        out
    }

    #[test]
    fn the_curve_tree_holds_every_piece_of_every_curve_rop() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut r = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 11) as f64 / (1u64 << 53) as f64
        };
        for (n, jumpy) in [
            (2, false),
            (3, true),
            (5, false),
            (9, true),
            (40, false),
            (200, true),
            (1001, false),
        ] {
            // A wandering walk, with the odd long jump and repeated point.
            let mut pts = vec![[0.0f64; 3]];
            for _ in 1..n {
                let l = pts[pts.len() - 1];
                let s = if jumpy && r() < 0.1 {
                    3.0
                } else if r() < 0.05 {
                    0.0
                } else {
                    0.2
                };
                pts.push(std::array::from_fn(|k| l[k] + s * (r() - 0.5)));
            }
            let list = PointList {
                points: pts
                    .iter()
                    .map(|p| Point {
                        pos: p.map(|v| v as f32),
                        scale: 1.0,
                        rotate: [0.0; 3],
                        color: [1.0; 3],
                    })
                    .collect(),
            };
            let pts32: Vec<[f64; 3]> = list.points.iter().map(|p| p.pos.map(f64::from)).collect();
            let tree = list.curve_tree();
            // The leaf box over each point.
            let mut leaf_of = vec![None; n];
            for node in &tree.nodes {
                if let crate::data::tree::Kind::Leaf { first, count } = node.kind {
                    for run in first..first + count {
                        let end = ((run + 1) * RUN).min(n);
                        for slot in &mut leaf_of[run * RUN..end] {
                            *slot = Some(node.bbox);
                        }
                    }
                }
            }
            for closed in [false, true] {
                for (start, cps) in pieces(&pts32, closed) {
                    let b = leaf_of[start].expect("every point is in a leaf");
                    for c in &cps {
                        for k in 0..3 {
                            assert!(
                                b[k] as f64 <= c[k] && c[k] <= b[k + 3] as f64,
                                "n {n}, closed {closed}: a piece from point {start} reaches {c:?}, outside its leaf {b:?}"
                            );
                        }
                    }
                }
            }
        }
    }
}
