//! Every file in tests/bad/<case>/ is a broken input; each must give one clear
//! error that names the file, the line and the node, and never a panic.
//! `expect.txt` lists the pieces the message must contain.

use crate::common::run_ropkit;
use ropkit::build::{BuildError, build};
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::network::Network;
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
    let mut roots = vec![PathBuf::from("rops")];
    if dir.join("rops").is_dir() {
        roots.push(dir.join("rops"));
    }
    let lib = Library::load(&roots, Path::new("shaders"));
    let net = Network::load(&dir.join("network.yaml"), &lib)?;
    build(&lib, &net, Mode::Render).map(|_| ())
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
    let lib = Library::load(
        &[PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/rops"))],
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/shaders")),
    );
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
                .and_then(|net| build(&lib, &net, Mode::Render).map(|_| ()))
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
