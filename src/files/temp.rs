//! The temporary files of atomic writes. Each is named
//! `.ropkit-<pid>-<random>.tmp`, so that it can be told apart from any
//! other file and traced to the process that made it:
//!
//! - while it lives it is listed here, and [`remove_all`] removes the
//!   listed ones (on SIGINT and SIGTERM, see [`clean_up_on_signals`], and
//!   before a stop for a GPU timeout);
//! - a SIGKILL leaves it behind; the next write into the same folder
//!   sweeps it once no process of that id runs any more ([`sweep`]).

use std::collections::BTreeSet;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

const PREFIX: &str = ".ropkit-";
const SUFFIX: &str = ".tmp";

/// The temporary files this process has open.
static LIVE: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());
/// Folders swept already by this process (once each: a sequence of frames
/// writes thousands of files into one folder).
static SWEPT: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());

/// A temporary file in `dir`, listed until it is persisted or dropped.
/// Fields drop in order: the file is removed, then unlisted.
pub(super) struct Temp {
    pub file: tempfile::NamedTempFile,
    listed: Listed,
}

/// Unlists a temporary file when it goes (persisted, or dropped and removed).
struct Listed(PathBuf);

impl Drop for Listed {
    fn drop(&mut self) {
        forget(&self.0);
    }
}

impl Temp {
    pub fn new(dir: &Path) -> io::Result<Temp> {
        sweep_once(dir);
        let file = tempfile::Builder::new()
            .prefix(&format!("{PREFIX}{}-", std::process::id()))
            .suffix(SUFFIX)
            .tempfile_in(dir)?;
        let path = file.path().to_path_buf();
        if let Ok(mut live) = LIVE.lock() {
            live.insert(path.clone());
        }
        Ok(Temp {
            file,
            listed: Listed(path),
        })
    }

    /// Renames the file to `target`.
    pub fn persist(self, target: &Path) -> io::Result<()> {
        let Temp { file, listed } = self;
        let result = file.persist(target).map(drop).map_err(|e| e.error);
        drop(listed);
        result
    }
}

fn forget(path: &Path) {
    if let Ok(mut live) = LIVE.lock() {
        live.remove(path);
    }
}

/// Removes every temporary file this process has open. Safe to call from
/// any thread; writes under way fail afterwards, which is what a stop wants.
pub fn remove_all() {
    remove_listed(|_| true);
}

fn remove_listed(which: impl Fn(&Path) -> bool) {
    let paths: Vec<PathBuf> = match LIVE.lock() {
        Ok(mut live) => {
            let chosen: Vec<PathBuf> = live.iter().filter(|p| which(p)).cloned().collect();
            for p in &chosen {
                live.remove(p);
            }
            chosen
        }
        Err(_) => return,
    };
    for p in paths {
        let _ = std::fs::remove_file(p);
    }
}

/// From now on SIGINT, SIGTERM and SIGHUP remove this process's temporary
/// files, then end the process as the signal would have. Called once by
/// front ends that own the process (the command line); a library embedded
/// elsewhere (Python) leaves signals to its host.
#[cfg(unix)]
pub fn clean_up_on_signals() -> io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    let mut result = Ok(());
    INSTALLED.call_once(|| {
        result = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]).map(|mut s| {
            std::thread::spawn(move || {
                if let Some(signal) = s.forever().next() {
                    remove_all();
                    // Dies by the signal: the shell sees what it sent.
                    let _ = signal_hook::low_level::emulate_default_handler(signal);
                    std::process::exit(128 + signal);
                }
            });
        });
    });
    result
}

#[cfg(not(unix))]
pub fn clean_up_on_signals() -> io::Result<()> {
    Ok(())
}

fn sweep_once(dir: &Path) {
    let key = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    let first = SWEPT.lock().map(|mut s| s.insert(key)).unwrap_or(false);
    if first {
        sweep(dir);
    }
}

/// Removes the temporary files in `dir` that are provably left over: named
/// as this module names them, regular files owned by this user, made by a
/// process that no longer runs. Returns how many it removed.
pub fn sweep(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(pid) = name.to_str().and_then(maker) else {
            continue;
        };
        if pid == std::process::id() || running(pid) {
            continue;
        }
        let Ok(meta) = std::fs::symlink_metadata(e.path()) else {
            continue;
        };
        if meta.is_file() && owned_by_us(&meta) && std::fs::remove_file(e.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// The process id in a temporary file's name: `.ropkit-<pid>-<6 or more
/// letters and digits>.tmp`.
fn maker(name: &str) -> Option<u32> {
    let rest = name.strip_prefix(PREFIX)?.strip_suffix(SUFFIX)?;
    let (pid, random) = rest.split_once('-')?;
    let ok = random.len() >= 6 && random.chars().all(|c| c.is_ascii_alphanumeric());
    if !ok || pid.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    pid.parse().ok()
}

/// Whether a process of this id runs (or may: when unsure, yes).
#[cfg(unix)]
fn running(pid: u32) -> bool {
    let Some(pid) = i32::try_from(pid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    else {
        return true;
    };
    // ESRCH: no such process. EPERM: one runs, under another user.
    !matches!(
        rustix::process::test_kill_process(pid),
        Err(e) if e == rustix::io::Errno::SRCH
    )
}

#[cfg(not(unix))]
fn running(_: u32) -> bool {
    true
}

#[cfg(unix)]
fn owned_by_us(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    meta.uid() == rustix::process::geteuid().as_raw()
}

#[cfg(not(unix))]
fn owned_by_us(_: &std::fs::Metadata) -> bool {
    false
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// The id of a process that has ended (a child reaped).
    fn dead_pid() -> u32 {
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        child.wait().unwrap();
        pid
    }

    #[test]
    fn data_loss_stale_temporaries_are_swept_only_when_provably_ours() {
        let dir = tempfile::tempdir().unwrap();
        let dead = dead_pid();
        let mine = std::process::id();
        let stale = format!(".ropkit-{dead}-a1B2c3.tmp");
        let kept = [
            format!(".ropkit-{mine}-a1B2c3.tmp"), // this process: alive
            ".ropkit-1-a1B2c3.tmp".to_string(),   // init runs
            format!(".ropkit-{dead}-x.tmp"),      // not our random part
            format!(".ropkit-{dead}-a1B2c3.png"), // not a temporary name
            ".ropkit-a1B2c3.tmp".to_string(),     // no process id: not provably ours
            format!("ropkit-{dead}-a1B2c3.tmp"),
        ];
        std::fs::write(dir.path().join(&stale), "x").unwrap();
        for k in &kept {
            std::fs::write(dir.path().join(k), "x").unwrap();
        }
        // A symlink with a temporary's name is not followed or removed.
        let link = format!(".ropkit-{dead}-zzzzzz.tmp");
        std::os::unix::fs::symlink("/etc/passwd", dir.path().join(&link)).unwrap();
        assert_eq!(sweep(dir.path()), 1);
        assert!(!dir.path().join(&stale).exists());
        for k in kept.iter().chain([&link]) {
            assert!(
                std::fs::symlink_metadata(dir.path().join(k)).is_ok(),
                "{k} kept"
            );
        }
    }

    #[test]
    fn data_loss_temporaries_are_listed_while_they_live() {
        let dir = tempfile::tempdir().unwrap();
        let t = Temp::new(dir.path()).unwrap();
        let path = t.listed.0.clone();
        assert_eq!(
            maker(&path.file_name().unwrap().to_string_lossy()),
            Some(mine())
        );
        assert!(LIVE.lock().unwrap().contains(&path));
        drop(t);
        assert!(!LIVE.lock().unwrap().contains(&path));
        assert!(!path.exists());
        let t = Temp::new(dir.path()).unwrap();
        let path = t.listed.0.clone();
        // What a stop does, for this folder only (other tests write too).
        remove_listed(|p| p.starts_with(dir.path()));
        assert!(!path.exists(), "removed on a stop");
        drop(t);
    }

    fn mine() -> u32 {
        std::process::id()
    }

    /// Runs in a child process (this test binary again) when the variable
    /// is set: makes a temporary file, then is sent the signal.
    #[test]
    fn data_loss_temporaries_are_removed_on_sigint_and_sigterm() {
        use signal_hook::consts::{SIGINT, SIGTERM};
        use std::os::unix::process::ExitStatusExt;
        const DIR: &str = "ROPKIT_TEST_SIGNAL_DIR";
        const NAME: &str =
            "files::temp::tests::data_loss_temporaries_are_removed_on_sigint_and_sigterm";
        if let (Some(dir), Ok(signal)) =
            (std::env::var_os(DIR), std::env::var("ROPKIT_TEST_SIGNAL"))
        {
            clean_up_on_signals().unwrap();
            let t = Temp::new(Path::new(&dir)).unwrap();
            std::fs::write(
                Path::new(&dir).join("made"),
                t.listed.0.as_os_str().as_encoded_bytes(),
            )
            .unwrap();
            signal_hook::low_level::raise(signal.parse().unwrap()).unwrap();
            loop {
                std::thread::sleep(std::time::Duration::from_secs(1));
            }
        }
        for signal in [SIGINT, SIGTERM] {
            let dir = tempfile::tempdir().unwrap();
            let status = std::process::Command::new(std::env::current_exe().unwrap())
                .args(["--exact", NAME, "--test-threads", "1"])
                .env(DIR, dir.path())
                .env("ROPKIT_TEST_SIGNAL", signal.to_string())
                .stdout(std::process::Stdio::null())
                .status()
                .unwrap();
            assert_eq!(
                status.signal(),
                Some(signal),
                "dies by the signal: {status:?}"
            );
            let made = std::fs::read_to_string(dir.path().join("made")).unwrap();
            assert!(made.contains(".ropkit-"), "{made}");
            assert!(!Path::new(&made).exists(), "{made} removed");
            let left: Vec<_> = std::fs::read_dir(dir.path())
                .unwrap()
                .flatten()
                .map(|e| e.file_name())
                .collect();
            assert_eq!(left.len(), 1, "{left:?}");
        }
    }
}
