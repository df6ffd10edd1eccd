//! `ropkit mesh` and `ropkit sample` side by side with Fidget (CPU JIT), on
//! the same shapes, grids and points; every run is a fresh process, timed
//! from outside (wall clock and peak resident memory from `wait4`).
//!
//!   fidget-compare table ROPKIT [RUNS]        the BENCHMARKS.md tables
//!   fidget-compare mesh-fidget KEY DEPTH OUT  one Fidget mesh (binary PLY)
//!   fidget-compare sample-fidget KEY POINTS   one Fidget sample run
//!
//! Errors are measured here, in f64, against each shape's own formula: the
//! first-order distance |f| / |grad f| of every vertex and of every
//! triangle's centroid from the surface, in cells of the grid.

mod measure;
mod shapes;

use fidget::jit::JitShape;
use fidget::mesh::{Octree, Settings};
use std::io::{BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("mesh-fidget") => mesh_fidget(&args[2], args[3].parse().expect("depth"), &args[4]),
        Some("sample-fidget") => sample_fidget(&args[2], Path::new(&args[3])),
        Some("table") => {
            let runs = args.get(3).map(|r| r.parse().expect("runs")).unwrap_or(7);
            measure::table(Path::new(&args[2]), runs);
        }
        _ => {
            eprintln!("usage: fidget-compare table ROPKIT [RUNS] | mesh-fidget KEY DEPTH OUT | sample-fidget KEY POINTS");
            std::process::exit(2);
        }
    }
}

fn shape(key: &str) -> shapes::Shape {
    shapes::by_key(key).unwrap_or_else(|| panic!("no shape {key}"))
}

/// Meshes the shape on [-1, 1]³ at octree depth `depth` and writes a binary PLY.
fn mesh_fidget(key: &str, depth: u8, out: &str) {
    let t = Instant::now();
    let s: JitShape = JitShape::from(shape(key).tree());
    let bound = s.try_into().expect("no variables");
    let settings = Settings {
        depth,
        ..Default::default()
    };
    let octree = Octree::build(&bound, &settings).expect("not cancelled");
    let mesh = octree.walk_dual();
    let positions: Vec<[f32; 3]> = mesh.vertices.iter().map(|v| [v.x, v.y, v.z]).collect();
    let triangles: Vec<[u32; 3]> = mesh
        .triangles
        .iter()
        .map(|t| [t.x as u32, t.y as u32, t.z as u32])
        .collect();
    measure::write_ply(Path::new(out), &positions, &triangles);
    eprintln!(
        "fidget: {} vertices, {} triangles, {:.3} s",
        positions.len(),
        triangles.len(),
        t.elapsed().as_secs_f64()
    );
}

/// Reads `x y z` lines, evaluates them with the JIT in slices, prints one value a line.
fn sample_fidget(key: &str, points: &Path) {
    let s: JitShape = JitShape::from(shape(key).tree());
    let tape = s.ez_float_slice_tape();
    let mut eval = JitShape::new_float_slice_eval();
    let file = std::fs::File::open(points).expect("points file");
    let reader = std::io::BufReader::with_capacity(1 << 20, file);
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 20, stdout.lock());
    const CHUNK: usize = 1 << 16;
    let (mut xs, mut ys, mut zs) = (Vec::new(), Vec::new(), Vec::new());
    let mut flush = |xs: &mut Vec<f32>, ys: &mut Vec<f32>, zs: &mut Vec<f32>, out: &mut dyn Write| {
        let v = eval.eval(&tape, xs, ys, zs).expect("eval");
        for x in v {
            writeln!(out, "{x}").expect("write");
        }
        xs.clear();
        ys.clear();
        zs.clear();
    };
    for line in reader.lines() {
        let line = line.expect("read");
        let mut it = line.split_ascii_whitespace().map(|t| t.parse::<f32>().expect("number"));
        xs.push(it.next().unwrap_or(0.0));
        ys.push(it.next().unwrap_or(0.0));
        zs.push(it.next().unwrap_or(0.0));
        if xs.len() == CHUNK {
            flush(&mut xs, &mut ys, &mut zs, &mut out);
        }
    }
    if !xs.is_empty() {
        flush(&mut xs, &mut ys, &mut zs, &mut out);
    }
    out.flush().expect("flush");
}

use fidget::shape::EzShape;

/// A scratch folder for one table run.
pub fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fidget-compare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}
