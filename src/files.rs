//! Reading files that come from users (every one is untrusted) and writing
//! outputs safely. Only regular files are read, never more than a stated
//! limit, and, where a root is given, only through a handle opened below it
//! ([`beneath`]: the file checked is the file read). Outputs are checked
//! against everything their job reads ([`Inputs::check`]), then written
//! atomically (a temporary file beside the target, then a rename), keep the
//! mode of the file they replace, and write through symlinks to the file
//! they point at. Temporary files are named so they can be recognised and
//! are removed on a stop ([`temp`]).

mod beneath;
mod outputs;
pub mod temp;

pub use beneath::{check_relative, open_beneath};
pub use outputs::{Inputs, OutputError, real_output};
pub use temp::clean_up_on_signals;

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// Reads a UTF-8 text file of at most `limit` bytes. Refuses what is not a
/// regular file (a FIFO would block, a device would never end). A UTF-8
/// byte-order mark (some Windows editors write one) is dropped.
pub fn read_text(path: &Path, limit: u64) -> io::Result<String> {
    text_of(read_bytes(path, limit)?)
}

/// Bytes read from a file as UTF-8 text, without a byte-order mark.
pub fn text_of(bytes: Vec<u8>) -> io::Result<String> {
    let mut s = String::from_utf8(bytes).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            "not UTF-8 text (is it a binary file?)",
        )
    })?;
    if s.starts_with('\u{feff}') {
        s.drain(..'\u{feff}'.len_utf8());
    }
    Ok(s)
}

/// Reads the regular file `rel` below `root`, at most `limit` bytes,
/// through one handle: nothing on the way may lead out of `root`.
pub fn read_bytes_beneath(root: &Path, rel: &Path, limit: u64) -> io::Result<Vec<u8>> {
    read_limited(open_beneath(root, rel)?, limit)
}

/// Reads a regular file of at most `limit` bytes.
pub fn read_bytes(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    // Checked before opening: opening a FIFO for reading blocks until a writer comes.
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    if meta.len() > limit {
        return Err(too_big(limit));
    }
    read_limited(File::open(path)?, limit)
}

/// Reads an open regular file of at most `limit` bytes.
fn read_limited(file: File, limit: u64) -> io::Result<Vec<u8>> {
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    if meta.len() > limit {
        return Err(too_big(limit));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // The file may grow between the check and the read: read at most one byte past the limit.
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_big(limit));
    }
    Ok(bytes)
}

fn too_big(limit: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("larger than the limit of {}", human_size(limit)),
    )
}

/// `1 MiB`, `64 KiB`, `512 bytes`.
pub fn human_size(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else if bytes >= 1 << 10 && bytes.is_multiple_of(1 << 10) {
        format!("{} KiB", bytes >> 10)
    } else {
        format!("{bytes} bytes")
    }
}

/// Like [`read_text`], but only below `root` (`path` is `root` joined with
/// a relative path): a ROP file that is a symlink to `/etc/passwd` is not
/// read, and the file read is the one checked ([`open_beneath`]).
pub fn read_text_within(path: &Path, root: &Path, limit: u64) -> io::Result<String> {
    match path.strip_prefix(root) {
        Ok(rel) => text_of(read_bytes_beneath(root, rel, limit)?),
        // Not named below the root: resolve and compare instead.
        Err(_) => {
            check_within(path, root)?;
            read_text(path, limit)
        }
    }
}

/// Fails unless `path`, with every symlink resolved, lies inside `root`.
pub fn check_within(path: &Path, root: &Path) -> io::Result<PathBuf> {
    let real = path.canonicalize()?;
    let real_root = root.canonicalize()?;
    if real.starts_with(&real_root) {
        Ok(real)
    } else {
        Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!(
                "leads outside {} (to {})",
                root.display(),
                real.parent().unwrap_or(&real).display()
            ),
        ))
    }
}

/// Whether two paths name the same existing file (symlinks and `..` resolved).
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Writes `bytes` to `path` through a temporary file in the same folder and a
/// rename, so that a failed write never leaves a truncated file. A file
/// replaced keeps its permissions; a new file gets the usual ones (0666
/// less the umask). A symlink is written through: the file it points at is
/// replaced and the link stays.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = resolve_link(path)?;
    let dir = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let existing = std::fs::metadata(&target).ok();
    if existing.as_ref().is_some_and(|m| !m.is_file()) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file: refusing to replace it",
        ));
    }
    let mut tmp = temp::Temp::new(dir)?;
    tmp.file.write_all(bytes)?;
    tmp.file.as_file().sync_all()?;
    let permissions = match &existing {
        Some(m) => Some(m.permissions()),
        None => default_permissions(),
    };
    if let Some(p) = permissions {
        tmp.file.as_file().set_permissions(p)?;
    }
    tmp.persist(&target)
}

/// [`write_atomic`] after [`Inputs::check`]: the writer for outputs of a job.
pub fn write_output(path: &Path, bytes: &[u8], inputs: &Inputs) -> Result<(), WriteError> {
    inputs.check(path)?;
    write_atomic(path, bytes).map_err(|source| WriteError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// Why an output was not written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error(transparent)]
    Refused(#[from] OutputError),
    #[error("{}: cannot write: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
}

/// Follows symlinks at `path` (a chain of them too) to the path to write.
pub(crate) fn resolve_link(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = std::fs::read_link(&p)?;
                p = match p.parent() {
                    Some(parent) if link.is_relative() => parent.join(link),
                    _ => link,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// 0666 less the process umask, as `open(2)` would give a new file (the
/// temporary file is made 0600, which would hide a saved network from others).
#[cfg(unix)]
fn default_permissions() -> Option<std::fs::Permissions> {
    use std::os::unix::fs::PermissionsExt;
    Some(std::fs::Permissions::from_mode(0o666 & !umask()))
}

#[cfg(not(unix))]
fn default_permissions() -> Option<std::fs::Permissions> {
    None
}

/// The process umask, read once: a file created with mode 0666 shows it.
#[cfg(unix)]
fn umask() -> u32 {
    use std::os::unix::fs::PermissionsExt;
    static UMASK: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    *UMASK.get_or_init(|| {
        // Probing through a real file avoids calling umask(2), which would
        // change it for every thread for a moment.
        let probe = || -> io::Result<u32> {
            let dir = tempfile::tempdir()?;
            let path = dir.path().join("probe");
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)?;
            let mode = std::fs::metadata(&path)?.permissions().mode() & 0o777;
            Ok(0o666 & !mode)
        };
        probe().unwrap_or(0o022)
    })
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn mode(p: &Path) -> u32 {
        std::fs::metadata(p).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn a_new_file_gets_the_umask_and_a_replaced_one_keeps_its_mode() {
        let dir = tempfile::tempdir().unwrap();
        let new = dir.path().join("new.png");
        write_atomic(&new, b"one").unwrap();
        assert_eq!(
            mode(&new),
            0o666 & !umask(),
            "not the 0600 of a temporary file"
        );
        for kept in [0o644, 0o600, 0o640] {
            let old = dir.path().join(format!("old{kept:o}.yaml"));
            std::fs::write(&old, b"before").unwrap();
            std::fs::set_permissions(&old, std::fs::Permissions::from_mode(kept)).unwrap();
            write_atomic(&old, b"after").unwrap();
            assert_eq!(mode(&old), kept);
            assert_eq!(std::fs::read(&old).unwrap(), b"after");
        }
        // Nothing is left beside the outputs.
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(
            names.iter().all(|n| !n.starts_with(".ropkit-")),
            "{names:?}"
        );
    }

    #[test]
    fn a_symlink_is_written_through_and_stays_a_link() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("real.glsl");
        std::fs::write(&target, b"old").unwrap();
        let link = dir.path().join("link.glsl");
        std::os::unix::fs::symlink("real.glsl", &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&target).unwrap(), b"new");
    }

    #[test]
    fn only_regular_files_within_the_limit_are_read() {
        let dir = tempfile::tempdir().unwrap();
        // A FIFO would block a reader for ever; a device never ends.
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let e = read_text(&fifo, 1024).unwrap_err();
            assert!(e.to_string().contains("not a regular file"), "{e}");
            assert!(write_atomic(&fifo, b"x").is_err(), "a FIFO is not replaced");
        }
        let e = read_bytes(Path::new("/dev/zero"), 1024).unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
        let big = dir.path().join("big");
        std::fs::write(&big, vec![b'a'; 2048]).unwrap();
        let e = read_text(&big, 1024).unwrap_err();
        assert!(
            e.to_string().contains("larger than the limit of 1 KiB"),
            "{e}"
        );
        assert_eq!(read_text(&big, 2048).unwrap().len(), 2048);
    }

    #[test]
    fn unclear_a_byte_order_mark_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("bom.yaml");
        std::fs::write(&f, b"\xef\xbb\xbfoutput: /r\n").unwrap();
        assert_eq!(read_text(&f, 64).unwrap(), "output: /r\n");
        // Only at the start: elsewhere it is text like any other.
        std::fs::write(&f, "a\u{feff}b").unwrap();
        assert_eq!(read_text(&f, 64).unwrap(), "a\u{feff}b");
    }

    #[test]
    fn containment_follows_symlinks() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("root");
        std::fs::create_dir(&root).unwrap();
        std::fs::write(root.join("in.txt"), b"in").unwrap();
        std::os::unix::fs::symlink("/etc/passwd", root.join("out.txt")).unwrap();
        assert_eq!(
            read_text_within(&root.join("in.txt"), &root, 64).unwrap(),
            "in"
        );
        let e = read_text_within(&root.join("out.txt"), &root, 1 << 20).unwrap_err();
        assert!(e.to_string().contains("leads outside"), "{e}");
    }
}
