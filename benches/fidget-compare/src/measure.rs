//! Timing child processes, reading meshes back and measuring them.

use crate::shapes::{self, Shape};
use std::collections::HashMap;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Grid sizes of the mesh table (cells along each side of [-1, 1]³).
const SIZES: [u32; 2] = [128, 256];
/// `--tolerance` of the adaptive rows, as a share of a cell.
const TOLERANCE_CELLS: f64 = 0.1;
/// Point counts of the sample table.
const POINTS: [usize; 2] = [1_000_000, 1_000];

/// Wall time (s) and peak resident memory (MiB) of one child process.
struct Run {
    wall: f64,
    rss_mib: f64,
}

/// Runs `cmd` to the end; its standard output goes to `stdout_to` (or is dropped).
fn timed(cmd: &mut Command, stdout_to: Option<&Path>) -> Run {
    cmd.stderr(Stdio::null());
    match stdout_to {
        Some(p) => cmd.stdout(std::fs::File::create(p).expect("output file")),
        None => cmd.stdout(Stdio::null()),
    };
    let t = std::time::Instant::now();
    let child = cmd.spawn().expect("spawn");
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: rusage is plain data, and the child is ours and not yet reaped.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let wall = t.elapsed().as_secs_f64();
    assert_eq!(r, pid, "wait4");
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "{cmd:?} failed"
    );
    std::mem::forget(child);
    Run {
        wall,
        rss_mib: usage.ru_maxrss as f64 / 1024.0,
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Runs each command once to warm up, then `runs` times in turn; medians.
fn paired(cmds: &mut [(&mut dyn FnMut() -> Command, Option<&Path>)], runs: usize) -> Vec<Run> {
    for (make, out) in cmds.iter_mut() {
        timed(&mut make(), *out);
    }
    let mut walls = vec![Vec::new(); cmds.len()];
    let mut rss = vec![Vec::new(); cmds.len()];
    for _ in 0..runs {
        for (k, (make, out)) in cmds.iter_mut().enumerate() {
            let r = timed(&mut make(), *out);
            walls[k].push(r.wall);
            rss[k].push(r.rss_mib);
        }
    }
    walls
        .into_iter()
        .zip(rss)
        .map(|(w, r)| Run {
            wall: median(w),
            rss_mib: median(r),
        })
        .collect()
}

pub fn write_ply(path: &Path, positions: &[[f32; 3]], triangles: &[[u32; 3]]) {
    let mut out = Vec::new();
    write!(
        out,
        "ply\nformat binary_little_endian 1.0\nelement vertex {}\nproperty float x\nproperty float y\nproperty float z\nelement face {}\nproperty list uchar uint vertex_indices\nend_header\n",
        positions.len(),
        triangles.len()
    )
    .unwrap();
    for p in positions {
        for c in p {
            out.extend_from_slice(&c.to_le_bytes());
        }
    }
    for t in triangles {
        out.push(3);
        for i in t {
            out.extend_from_slice(&i.to_le_bytes());
        }
    }
    std::fs::write(path, out).expect("write ply");
}

/// Reads a binary little-endian PLY of float vertex properties (x, y, z
/// first) and uchar colours, with triangles as a uchar count and u32 indices.
pub fn read_ply(path: &Path) -> (Vec<[f32; 3]>, Vec<[u32; 3]>) {
    let bytes = std::fs::read(path).expect("read ply");
    let end = bytes
        .windows(11)
        .position(|w| w == b"end_header\n")
        .expect("ply header")
        + 11;
    let header = std::str::from_utf8(&bytes[..end]).expect("ascii header");
    let (mut nv, mut nf, mut stride) = (0usize, 0usize, 0usize);
    let mut in_vertex = false;
    for line in header.lines() {
        let w: Vec<&str> = line.split_whitespace().collect();
        match w.as_slice() {
            ["element", "vertex", n] => {
                nv = n.parse().unwrap();
                in_vertex = true;
            }
            ["element", "face", n] => {
                nf = n.parse().unwrap();
                in_vertex = false;
            }
            ["property", ty, _] if in_vertex => {
                stride += if *ty == "float" { 4 } else { 1 };
            }
            _ => {}
        }
    }
    let f = |o: usize| f32::from_le_bytes(bytes[o..o + 4].try_into().unwrap());
    let positions: Vec<[f32; 3]> = (0..nv)
        .map(|i| {
            let o = end + i * stride;
            [f(o), f(o + 4), f(o + 8)]
        })
        .collect();
    let mut o = end + nv * stride;
    let mut triangles = Vec::with_capacity(nf);
    for _ in 0..nf {
        assert_eq!(bytes[o], 3, "triangles only");
        let u = |k: usize| u32::from_le_bytes(bytes[o + 1 + 4 * k..o + 5 + 4 * k].try_into().unwrap());
        triangles.push([u(0), u(1), u(2)]);
        o += 13;
    }
    (positions, triangles)
}

/// What a mesh looks like against its shape's formula.
struct Quality {
    triangles: usize,
    vertex_mean: f64,
    vertex_max: f64,
    centroid_max: f64,
    crease_max: f64,
    boundary_edges: usize,
    nonmanifold_edges: usize,
    duplicate_vertices: usize,
}

fn quality(shape: &Shape, positions: &[[f32; 3]], triangles: &[[u32; 3]], cell: f64) -> Quality {
    let p64 = |p: [f32; 3]| p.map(|c| c as f64);
    let errs: Vec<f64> = positions
        .iter()
        .map(|p| shape.distance_estimate(p64(*p)) / cell)
        .collect();
    let vertex_mean = errs.iter().sum::<f64>() / errs.len().max(1) as f64;
    let vertex_max = errs.iter().fold(0.0f64, |m, e| m.max(*e));
    let crease_max = positions
        .iter()
        .zip(&errs)
        .filter(|(p, _)| shape.on_crease(p64(**p), cell))
        .fold(0.0f64, |m, (_, e)| m.max(*e));
    let centroid_max = triangles
        .iter()
        .map(|t| {
            let c = [0, 1, 2].map(|a| t.iter().map(|&i| positions[i as usize][a] as f64).sum::<f64>() / 3.0);
            shape.distance_estimate(c) / cell
        })
        .fold(0.0f64, f64::max);
    let mut edges: HashMap<(u32, u32), usize> = HashMap::new();
    for t in triangles {
        for k in 0..3 {
            let (a, b) = (t[k], t[(k + 1) % 3]);
            *edges.entry((a.min(b), a.max(b))).or_default() += 1;
        }
    }
    let boundary_edges = edges.values().filter(|&&n| n == 1).count();
    let nonmanifold_edges = edges.values().filter(|&&n| n > 2).count();
    let mut seen = std::collections::HashSet::new();
    let duplicate_vertices = positions
        .iter()
        .filter(|p| !seen.insert(p.map(f32::to_bits)))
        .count();
    Quality {
        triangles: triangles.len(),
        vertex_mean,
        vertex_max,
        centroid_max,
        crease_max,
        boundary_edges,
        nonmanifold_edges,
        duplicate_vertices,
    }
}

fn quality_row(label: &str, run: &Run, q: &Quality, ratio: Option<f64>) {
    println!(
        "| {label} | {:.3} s | {:.0} MiB | {} | {:.3} / {:.3} | {:.3} | {:.3} | {} / {} / {} |{}",
        run.wall,
        run.rss_mib,
        q.triangles,
        q.vertex_mean,
        q.vertex_max,
        q.centroid_max,
        q.crease_max,
        q.boundary_edges,
        q.nonmanifold_edges,
        q.duplicate_vertices,
        ratio.map(|r| format!(" {r:.2} |")).unwrap_or_else(|| " |".into())
    );
}

pub fn table(ropkit: &Path, runs: usize) {
    let dir = crate::scratch();
    let me = std::env::current_exe().expect("own path");
    println!("Mesh (cells along each side of [-1, 1]³; errors in cells: vertex mean / max, triangle centroid max, crease vertex max; holes = boundary / non-manifold edges / duplicate vertices; ratio = ropkit wall / Fidget wall)\n");
    println!("| shape, cells, mesher | wall | peak memory | triangles | vertex error | centroid error | crease error | holes | ratio |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for shape in shapes::all() {
        let net = dir.join(format!("{}.yaml", shape.key()));
        std::fs::write(&net, shape.network_yaml()).expect("network");
        for size in SIZES {
            let cell = 2.0 / size as f64;
            let depth = size.trailing_zeros() as u8;
            let out_r = dir.join(format!("{}-{size}-ropkit.ply", shape.key()));
            let out_a = dir.join(format!("{}-{size}-adaptive.ply", shape.key()));
            let out_f = dir.join(format!("{}-{size}-fidget.ply", shape.key()));
            let ropkit_cmd = |out: &Path, tolerance: Option<f64>| {
                let mut c = Command::new(ropkit);
                c.arg("mesh")
                    .arg(&net)
                    .arg("-o")
                    .arg(out)
                    .args(["--resolution", &size.to_string(), "--bounds", "-1,-1,-1,1,1,1"]);
                if let Some(t) = tolerance {
                    c.args(["--tolerance", &format!("{t}")]);
                }
                c
            };
            let mut a = || ropkit_cmd(&out_r, None);
            let mut b = || ropkit_cmd(&out_a, Some(TOLERANCE_CELLS * cell));
            let mut f = || {
                let mut c = Command::new(&me);
                c.args(["mesh-fidget", shape.key(), &depth.to_string()]).arg(&out_f);
                c
            };
            let r = paired(&mut [(&mut a, None), (&mut b, None), (&mut f, None)], runs);
            let qr = {
                let (p, t) = read_ply(&out_r);
                quality(&shape, &p, &t, cell)
            };
            let qa = {
                let (p, t) = read_ply(&out_a);
                quality(&shape, &p, &t, cell)
            };
            let qf = {
                let (p, t) = read_ply(&out_f);
                quality(&shape, &p, &t, cell)
            };
            let name = format!("{} ({}), {size}³", shape.name, shape.weight);
            quality_row(&format!("{name}, ropkit"), &r[0], &qr, Some(r[0].wall / r[2].wall));
            quality_row(
                &format!("{name}, ropkit --tolerance {TOLERANCE_CELLS} cell"),
                &r[1],
                &qa,
                Some(r[1].wall / r[2].wall),
            );
            quality_row(&format!("{name}, Fidget"), &r[2], &qf, None);
        }
    }
    println!("\nSample (text points in [-1, 1]³ in, one value a line out; ratio = ropkit wall / Fidget wall; difference = largest |ropkit - Fidget| value)\n");
    println!("| shape, points | ropkit | Fidget | ratio | ropkit memory | Fidget memory | difference |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for shape in shapes::all().into_iter().take(2) {
        let net = dir.join(format!("{}.yaml", shape.key()));
        for n in POINTS {
            let pts = dir.join(format!("points-{n}.txt"));
            if !pts.exists() {
                write_points(&pts, n);
            }
            let out_r = dir.join("sample-ropkit.txt");
            let out_f = dir.join("sample-fidget.txt");
            let mut a = || {
                let mut c = Command::new(ropkit);
                c.arg("sample").arg(&net).arg("--points").arg(&pts);
                c
            };
            let mut f = || {
                let mut c = Command::new(&me);
                c.args(["sample-fidget", shape.key()]).arg(&pts);
                c
            };
            let r = paired(&mut [(&mut a, Some(&out_r)), (&mut f, Some(&out_f))], runs);
            let first = |p: &Path| -> Vec<f64> {
                std::fs::read_to_string(p)
                    .expect("sample output")
                    .lines()
                    .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
                    .collect()
            };
            let (vr, vf) = (first(&out_r), first(&out_f));
            assert_eq!(vr.len(), n);
            assert_eq!(vf.len(), n);
            let diff = vr.iter().zip(&vf).map(|(a, b)| (a - b).abs()).fold(0.0f64, f64::max);
            println!(
                "| {} ({}), {n} | {:.3} s | {:.3} s | {:.2} | {:.0} MiB | {:.0} MiB | {diff:.1e} |",
                shape.name,
                shape.weight,
                r[0].wall,
                r[1].wall,
                r[0].wall / r[1].wall,
                r[0].rss_mib,
                r[1].rss_mib
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `n` points in [-1, 1]³, six decimals, from a fixed sequence.
fn write_points(path: &Path, n: usize) {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    };
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).expect("points"));
    for _ in 0..n {
        writeln!(out, "{:.6} {:.6} {:.6}", next(), next(), next()).unwrap();
    }
}
