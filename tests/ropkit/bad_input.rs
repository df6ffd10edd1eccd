//! Every file in tests/bad/<case>/ is a broken input; each must give one clear
//! error that names the file, the line and the node, and never a panic.
//! `expect.txt` lists the pieces the message must contain.

use crate::common::run_ropkit;
use ropkit::build::{BuildError, build};
use ropkit::generate::Mode;
use ropkit::network::Network;
use ropkit::project::Project;
use std::path::{Path, PathBuf};

fn cases() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir("tests/bad")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    v.sort();
    v
}

fn run_case(dir: &Path) -> Result<(), BuildError> {
    let mut project = Project::checkout(Path::new(""));
    if dir.join("rops").is_dir() {
        project = project.with_rops(&[dir.join("rops")]);
    }
    let lib = project.load_library();
    let net = Network::load(&dir.join("network.yaml"), &lib)?;
    build(&lib, &net, &Mode::Render.into()).map(|_| ())
}

#[test]
fn every_bad_input_gives_one_clear_located_error() {
    // Relative paths, as a user would type them, so messages read `tests/bad/...`.
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).unwrap();
    let cases = cases();
    assert!(
        cases.len() >= 12,
        "the bad-input folder holds every kind of mistake"
    );
    for dir in cases {
        let expect = std::fs::read_to_string(dir.join("expect.txt")).unwrap();
        let outcome = std::panic::catch_unwind(|| run_case(&dir));
        let err = match outcome {
            Err(_) => panic!("{}: panicked", dir.display()),
            Ok(Ok(())) => panic!("{}: built without an error", dir.display()),
            Ok(Err(e)) => e.to_string(),
        };
        // `!unlocated`: the compiler cannot point at a line (naga's SPIR-V writer
        // reports an expression, not a position).
        let unlocated = expect.lines().any(|l| l == "!unlocated");
        for piece in expect
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('!'))
        {
            assert!(
                err.contains(piece),
                "{}: message lacks {piece:?}:\n{err}",
                dir.display()
            );
        }
        // `!not TEXT`: what the message must never show (a file's contents, serde's jargon).
        for absent in expect.lines().filter_map(|l| l.strip_prefix("!not ")) {
            assert!(
                !err.contains(absent),
                "{}: message shows {absent:?}:\n{err}",
                dir.display()
            );
        }
        let first = err.lines().next().unwrap();
        let located = unlocated
            || first.starts_with("tests/bad/")
                && first
                    .split(':')
                    .nth(1)
                    .is_some_and(|l| l.parse::<usize>().is_ok());
        assert!(
            located,
            "{}: first line is not path:line: {first}",
            dir.display()
        );
    }
}

#[test]
fn the_cli_reports_errors_on_stderr_with_a_failing_exit_code() {
    let out = run_ropkit([
        "--rops",
        "tests/bad/glsl_typo/rops",
        "build",
        "tests/bad/glsl_typo/network.yaml",
    ]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("tests/bad/glsl_typo/rops/demo/typo/function.glsl:3:13:"),
        "{stderr}"
    );
    assert!(
        out.stdout.is_empty(),
        "no shader is printed when the build fails"
    );

    let out = run_ropkit(["build", "presets/default.yaml"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("#version 450"));
}

#[test]
fn mangled_network_files_never_panic() {
    // Deterministic mutations of a real preset: deleted, swapped and inserted characters.
    let lib = Project::checkout(Path::new(env!("CARGO_MANIFEST_DIR"))).load_library();
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/presets/default.yaml"))
            .unwrap();
    let alphabet: Vec<char> = "{}[]:,-/ \n\"'0123456789.abcxyzRadius".chars().collect();
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut errors = 0;
    for _ in 0..300 {
        let mut chars: Vec<char> = text.chars().collect();
        for _ in 0..(1 + next() % 4) {
            let at = (next() % chars.len() as u64) as usize;
            match next() % 3 {
                0 => {
                    chars.remove(at);
                }
                1 => chars[at] = alphabet[(next() % alphabet.len() as u64) as usize],
                _ => chars.insert(at, alphabet[(next() % alphabet.len() as u64) as usize]),
            }
        }
        let mangled: String = chars.into_iter().collect();
        let outcome = std::panic::catch_unwind(|| {
            Network::parse(&mangled, Path::new("mangled.yaml"), &lib)
                .map_err(BuildError::from)
                .and_then(|net| build(&lib, &net, &Mode::Render.into()).map(|_| ()))
        });
        match outcome {
            Err(_) => panic!("panicked on:\n{mangled}"),
            Ok(Err(e)) => {
                errors += 1;
                assert!(
                    e.to_string().starts_with("mangled.yaml:") || e.to_string().contains(".glsl:"),
                    "{e}"
                );
            }
            Ok(Ok(())) => {}
        }
    }
    assert!(errors > 50, "most mutations are caught ({errors})");
}

#[test]
fn check_takes_a_folder_inside_or_outside_the_library() {
    let root = env!("CARGO_MANIFEST_DIR");
    let run = |args: &[&str]| {
        let out = run_ropkit(args);
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).to_string(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    // Inside the library: checked in place, not loaded twice.
    let (ok, stdout, stderr) = run(&["check", "rops/sdf2d", "--no-glslang"]);
    assert!(ok, "{stderr}");
    let count = std::fs::read_dir(format!("{root}/rops/sdf2d"))
        .unwrap()
        .count();
    assert!(
        stdout.contains(&format!("checked {count} ROPs")),
        "{stdout}"
    );
    // Outside: an extra root.
    let (ok, stdout, stderr) = run(&["check", "tests/fixtures/user_rops", "--no-glslang"]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("checked 1 ROPs"), "{stdout}");
    // Nothing there: an error, not a check of everything.
    let (ok, _, stderr) = run(&["check", "tests/no-such-folder"]);
    assert!(!ok && stderr.contains("no ROP folders found"), "{stderr}");
}

// ---------------------------------------------------------------------------
// Inputs too large to keep as files: made here, each the size that used to
// abort, hang or exhaust memory (issue 14), and each must now be a clear
// error within seconds.
// ---------------------------------------------------------------------------

/// A ROP folder `r` in a fresh folder, with this function and extra `rop.yaml` lines.
fn rop_dir(function: &str, extra_yaml: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let rop = dir.path().join("demo/r");
    std::fs::create_dir_all(&rop).unwrap();
    std::fs::write(
        rop.join("rop.yaml"),
        format!("name: r\ncoordTypes: [vec3]\nreturnTypes: [Sdf]\n{extra_yaml}"),
    )
    .unwrap();
    std::fs::write(rop.join("function.glsl"), function).unwrap();
    dir
}

const NET_R: &str = "output: /render\nnodes:\n  /n: { rop: r }\n  /render: { rop: raymarchRender3D, inputs: [/n] }\n";

/// Loads the ROP folder beside the checkout's library and builds a network
/// using it: the error, and how long it took.
fn build_with(dir: &Path) -> (String, std::time::Duration) {
    let t = std::time::Instant::now();
    let lib = crate::common::project(&[dir.to_path_buf()]).load_library();
    let err = match Network::parse(NET_R, Path::new("net.yaml"), &lib) {
        Err(e) => e.to_string(),
        Ok(net) => match build(&lib, &net, &Mode::Render.into()) {
            Err(e) => e.to_string(),
            Ok(_) => panic!("built without an error"),
        },
    };
    (err, t.elapsed())
}

fn with_body(body: &str) -> String {
    format!(
        "ReturnT thismap(CoordT p, ContextT ctx) {{\n  float d = length(p) - 1.0;\n  bool b = d > 0.0;\n{body}\n  return createSdf(d);\n}}\n"
    )
}

#[test]
fn glsl_that_overflowed_naga_s_stack_is_an_error_at_its_line() {
    // Each of these aborted the process (naga's parser recursing once per
    // level): brackets, blocks, and long chains of operators.
    let cases = [
        (
            format!("  d = {}1.0{};", "(".repeat(10_000), ")".repeat(10_000)),
            "brackets nested deeper than 256",
        ),
        (
            format!("  {} d += 1.0; {}", "{".repeat(5_000), "}".repeat(5_000)),
            "brackets nested deeper than 256",
        ),
        (
            format!("  d = {}1.0;", "- ".repeat(30_000)),
            "expands to more than 2048 tokens",
        ),
        (
            format!("  {}d += 1.0;", "if (b) ".repeat(8_000)),
            "expands to more than 2048 tokens",
        ),
        (
            format!("  d = {}1.0;", "b ? 2.0 : ".repeat(6_000)),
            "expands to more than 2048 tokens",
        ),
    ];
    for (body, expected) in cases {
        let dir = rop_dir(&with_body(&body), "");
        let (err, took) = build_with(dir.path());
        assert!(err.contains(expected), "{err}");
        assert!(
            err.contains("demo/r/function.glsl:4:"),
            "located at the line: {err}"
        );
        assert!(took.as_secs() < 30, "{took:?}");
    }
    // The same, made by a macro row instead of a file: blamed on the row.
    let dir = rop_dir(
        "ReturnT thismap(CoordT p, ContextT ctx) {\n  return createSdf(length(p) - THIS_DEEP);\n}\n",
        "macros:\n  - [null, 'THIS_DEEP', \"'(' * 10000 + '1.0' + ')' * 10000\"]\n",
    );
    let (err, _) = build_with(dir.path());
    assert!(err.contains("demo/r/rop.yaml:5:"), "{err}");
    assert!(
        err.contains("brackets nested deeper than 256") && err.contains("(node /n)"),
        "{err}"
    );
}

#[test]
fn a_code_file_past_the_limit_is_refused_before_the_driver_sees_it() {
    // A 1 MB function.glsl took two minutes in the driver.
    let big = with_body(&"  d = min(d, length(p - vec3(0.1, 0.2, 0.3)) - 0.05);\n".repeat(20_000));
    assert!(big.len() > 1 << 20);
    let dir = rop_dir(&big, "");
    let (err, _) = build_with(dir.path());
    assert!(
        err.contains("function.glsl:1:1: cannot read: larger than the limit of 64 KiB"),
        "{err}"
    );
}

#[test]
fn a_rop_file_that_is_a_fifo_or_a_device_is_refused_without_blocking() {
    let dir = rop_dir("", "");
    let function = dir.path().join("demo/r/function.glsl");
    std::fs::remove_file(&function).unwrap();
    let made = std::process::Command::new("mkfifo").arg(&function).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    // On a thread: a reader that opened the FIFO would block for ever.
    let (tx, rx) = std::sync::mpsc::channel();
    let path = dir.path().to_path_buf();
    std::thread::spawn(move || tx.send(build_with(&path).0));
    let err = rx
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("reading a FIFO blocked");
    assert!(
        err.contains("function.glsl:1:1: cannot read: not a regular file"),
        "{err}"
    );

    // A link to /dev/zero: outside the ROP folder, never read.
    std::fs::remove_file(&function).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &function).unwrap();
    let (err, _) = build_with(dir.path());
    assert!(
        err.contains("function.glsl:1:1: cannot read: leads outside"),
        "{err}"
    );
    let out = run_ropkit(["build", "/dev/zero"]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("/dev/zero:1:1: cannot read network: not a regular file")
    );
}

#[test]
fn yaml_that_was_quadratic_or_exploding_is_refused_at_once() {
    let lib = crate::common::library();
    let parse = |text: &str| {
        let t = std::time::Instant::now();
        let r = Network::parse(text, Path::new("net.yaml"), &lib);
        (r, t.elapsed())
    };
    // 200,000 nested brackets: 36 s for 100,000 in libyaml's scanner.
    let deep = format!(
        "output: /r\nnodes: {}{}\n",
        "[".repeat(200_000),
        "]".repeat(200_000)
    );
    let (r, took) = parse(&deep);
    let e = r.unwrap_err();
    assert_eq!((e.at.line, e.at.col), (2, 71), "{e}");
    assert!(e.message.contains("nested deeper than 64 levels"), "{e}");
    assert!(took.as_secs() < 5, "{took:?}");
    // An alias bomb: nine aliases of nine aliases... of nine values.
    let mut bomb = String::from(
        "output: /render\nnodes:\n  /a: { rop: sphere, params: { Radius: &a0 [1,1,1,1,1,1,1,1,1] } }\n",
    );
    for i in 1..10 {
        let prev = format!("*a{}", i - 1);
        bomb += &format!(
            "  /b{i}: {{ rop: sphere, params: {{ Radius: &a{i} [{}] }} }}\n",
            vec![prev; 9].join(",")
        );
    }
    let (r, took) = parse(&bomb);
    let e = r.unwrap_err();
    assert_eq!(e.at.line, 4, "at the first alias: {e}");
    assert!(
        e.message.contains("YAML aliases (*a0) are not supported"),
        "{e}"
    );
    assert!(took.as_secs() < 5, "{took:?}");
}

#[test]
fn network_parsing_is_linear_and_node_counts_are_capped() {
    let lib = crate::common::library();
    let nodes = |n: usize| {
        let mut t = String::from(
            "output: /render\nnodes:\n  /render: { rop: raymarchRender3D, inputs: [/s0] }\n",
        );
        for i in 0..n {
            t += &format!("  /s{i}: {{ rop: sphere, params: {{ Radius: 1.0 }}, pos: [0, {i}] }}\n");
        }
        t
    };
    // 20,000 nodes took 30 s when each node's line was searched from the top.
    let t = std::time::Instant::now();
    let net = Network::parse(&nodes(19_000), Path::new("big.yaml"), &lib).unwrap();
    assert_eq!(net.lines["/s18999"], 19_003, "each node at its own line");
    assert!(t.elapsed().as_secs() < 30, "{:?}", t.elapsed());
    let t = std::time::Instant::now();
    let e = Network::parse(&nodes(40_000), Path::new("big.yaml"), &lib).unwrap_err();
    assert!(
        e.message
            .contains("40001 nodes: a network holds at most 20000"),
        "{e}"
    );
    assert_eq!(e.at.line, 2, "at nodes:");
    assert!(t.elapsed().as_secs() < 30, "{:?}", t.elapsed());
}

#[test]
fn a_huge_value_is_never_echoed_whole() {
    let lib = crate::common::library();
    let huge = "x".repeat(10_000_000);
    for text in [
        format!(
            "output: /render\nnodes:\n  /s: {{ rop: sphere, params: {{ Radius: '{huge}' }} }}\n"
        ),
        format!("output: /render\nnodes:\n  /s: {{ rop: {huge} }}\n"),
        format!("output: /render\nnodes:\n  /{huge}: {{ rop: sphere }}\n"),
        format!("output: /render\nnodes:\n  /s: {{ rop: sphere, params: {{ {huge}: 1 }} }}\n"),
        format!("output: /{huge}\nnodes:\n  /s: {{ rop: sphere }}\n"),
    ] {
        let e = Network::parse(&text, Path::new("net.yaml"), &lib).unwrap_err();
        let shown = e.to_string();
        assert!(
            shown.len() < 3000,
            "{} characters: {}",
            shown.len(),
            &shown[..300]
        );
    }
}

#[test]
fn outputs_are_never_the_inputs() {
    // Each of these used to replace the network with a PNG, GLSL or JSON, exit 0.
    let dir = tempfile::tempdir().unwrap();
    let net = dir.path().join("net.yaml");
    let text = std::fs::read_to_string(root_path("presets/default.yaml")).unwrap();
    std::fs::write(&net, &text).unwrap();
    let link = dir.path().join("link.png");
    std::os::unix::fs::symlink(&net, &link).unwrap();
    let n = net.to_str().unwrap();
    for args in [
        vec!["build", n, "-o", n],
        vec!["export", n, "--format", "json", "-o", n],
        vec!["render", n, "-o", n, "--size", "8x8"],
        vec!["render", n, "-o", link.to_str().unwrap(), "--size", "8x8"],
        vec!["view", n, "--screenshot", n],
    ] {
        let out = run_ropkit(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(
            stderr.contains("refusing to overwrite it"),
            "{args:?}: {stderr}"
        );
        assert_eq!(std::fs::read_to_string(&net).unwrap(), text, "{args:?}");
    }
}

fn root_path(rel: &str) -> std::path::PathBuf {
    crate::common::root().join(rel)
}

#[test]
fn frame_ranges_past_the_limit_are_refused_before_anything_is_allocated() {
    for range in ["0..4294967295", "0..1000000000", "5..4"] {
        let t = std::time::Instant::now();
        let out = run_ropkit([
            "render",
            "presets/default.yaml",
            "-o",
            "/tmp/never.png",
            "--size",
            "1x1",
            "--frames",
            range,
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{range}");
        assert!(
            stderr.contains("at most 100000 frames") || stderr.contains("comes before"),
            "{stderr}"
        );
        assert!(t.elapsed().as_secs() < 10);
    }
}

#[test]
fn command_line_mistakes_read_plainly() {
    let out = run_ropkit([
        "render",
        "presets/default.yaml",
        "-o",
        "/tmp/never.png",
        "--buffer",
        "bogus",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("--buffer bogus: 'bogus' is not one of the options: color, depth"),
        "{stderr}"
    );
    assert!(!stderr.contains("--set"), "{stderr}");

    let out = run_ropkit(["check", "--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(
        help.contains("--no-glslang  Skip the second compiler"),
        "{help}"
    );

    let dir = tempfile::tempdir().unwrap();
    let into = dir.path().to_str().unwrap();
    let out = run_ropkit(["new-rop", "field/sphere", "--into", into]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("a ROP named 'sphere' exists already"));
    assert!(!dir.path().join("field/sphere").exists());
    let out = run_ropkit(["new-rop", "field/sphere", "--into", into, "--force"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn check_reports_an_output_rop_without_its_template() {
    let out = run_ropkit(["check", "tests/bad/missing_template/rops", "--no-glslang"]);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(!out.status.success(), "{stdout}");
    assert!(stdout.contains("1 problems"), "{stdout}");
    assert!(
        stderr.contains(
            "tests/bad/missing_template/rops/demo/out/rop.yaml:5:1: template 'nowhere' not found"
        ),
        "{stderr}"
    );
}

#[test]
fn a_render_that_does_not_finish_stops_with_an_error_naming_the_network() {
    if crate::common::gpu("a_render_that_does_not_finish_stops_with_an_error_naming_the_network")
        .is_none()
    {
        return;
    }
    // Tens of thousands of steps a pixel, each depending on the one before
    // and on the pixel (nothing a driver can fold; llvmpipe stops loops
    // after 65,535 turns), for four million pixels: about 1 s a 64x64 frame
    // on lavapipe, so a 2048x2048 frame cannot finish within the 1 s limit.
    let body = "  float acc = p.x;\n  for (int j = 0; j < 60000; j++) {\n    for (int i = 0; i < 60000; i++) {\n      acc = sin(acc * 3.1 + float(i + j));\n    }\n  }\n  d += acc * 0.001;\n".to_string();
    let dir = rop_dir(&with_body(&body), "");
    let net = dir.path().join("slow.yaml");
    std::fs::write(&net, NET_R).unwrap();
    // Outside the ROP folder: nothing is ever written inside one.
    let out_dir = tempfile::tempdir().unwrap();
    let png = out_dir.path().join("slow.png");
    let t = std::time::Instant::now();
    let out = run_ropkit([
        "--rops",
        dir.path().to_str().unwrap(),
        "render",
        net.to_str().unwrap(),
        "-o",
        png.to_str().unwrap(),
        "--size",
        "2048x2048",
        "--timeout",
        "1",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(
        stderr.contains(&format!("{}: ", net.display()))
            && stderr.contains("did not finish on the GPU within 1 s: stopped"),
        "{stderr}"
    );
    assert!(t.elapsed().as_secs() < 60, "{:?}", t.elapsed());
    assert!(!png.exists());
}

#[test]
fn readme_limits_match_the_code() {
    // The README's table is made from src/limits.rs: a limit changed in one
    // place and not the other fails here.
    let path = crate::common::root().join("README.md");
    let readme = std::fs::read_to_string(&path).unwrap();
    let (start, end) = ("<!-- limits -->\n", "<!-- /limits -->");
    let a = readme.find(start).expect("the README's limits marker") + start.len();
    let b = readme[a..]
        .find(end)
        .expect("the README's end-of-limits marker")
        + a;
    let table = ropkit::limits::markdown();
    if std::env::var("ROPKIT_BLESS").is_ok_and(|v| v == "1") {
        std::fs::write(&path, format!("{}{table}{}", &readme[..a], &readme[b..])).unwrap();
        return;
    }
    assert_eq!(
        &readme[a..b],
        table,
        "README limits differ from src/limits.rs (ROPKIT_BLESS=1 rewrites them)"
    );
    // Every limit is declared through the table, none beside it.
    let source = std::fs::read_to_string(crate::common::root().join("src/limits.rs")).unwrap();
    for line in source.lines() {
        if let Some(rest) = line.trim_start().strip_prefix("pub const ") {
            assert!(
                rest.starts_with("$name") || rest.starts_with("ALL"),
                "a limit outside the table: {line}"
            );
        }
    }
    for l in ropkit::limits::ALL {
        assert!(
            table.contains(&format!("`{}` | {} |", l.name, l.shown())),
            "{}",
            l.name
        );
    }
}

#[test]
fn a_texture_linked_out_of_the_project_is_never_read() {
    if crate::common::gpu("a_texture_linked_out_of_the_project_is_never_read").is_none() {
        return;
    }
    // The path's text stays inside the project; the file it links to does not.
    let dir = tempfile::tempdir().unwrap();
    let proj = dir.path().join("proj");
    std::fs::create_dir_all(proj.join("assets")).unwrap();
    std::os::unix::fs::symlink("/etc/passwd", proj.join("assets/evil.png")).unwrap();
    let net = proj.join("net.yaml");
    std::fs::write(
        &net,
        "output: /render\nnodes:\n  /s: { rop: sphere }\n  /m: { rop: textureMaterial, params: { Texture: assets/evil.png }, inputs: [/s] }\n  /render: { rop: raymarchRender3D, inputs: [/m] }\n",
    )
    .unwrap();
    let png = proj.join("out.png");
    let out = run_ropkit([
        "render",
        net.to_str().unwrap(),
        "-o",
        png.to_str().unwrap(),
        "--size",
        "8x8",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(
        stderr.contains("assets/evil.png: cannot load texture: leads outside"),
        "{stderr}"
    );
    assert!(!stderr.contains("root:"), "{stderr}");
    assert!(!png.exists());
}
