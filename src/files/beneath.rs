//! Opening a file below a folder through one handle. A check of the path
//! followed by a read of the path is two steps: a symlink swapped in
//! between escapes the check. Here the kernel resolves the path once,
//! below a handle on the folder, and the file read is the file checked.
//!
//! On Linux 5.6 and later `openat2` with `RESOLVE_BENEATH` refuses any step
//! out of the folder (`..`, an absolute symlink, a symlink leading out) and
//! still follows symlinks that stay inside. Elsewhere each component is
//! opened with `openat` and `O_NOFOLLOW`: no symlink at all is followed.

use std::fs::File;
use std::io;
use std::path::{Component, Path};

/// Opens the regular file `rel` below the folder `root` for reading. `rel`
/// must be relative and free of `..`; nothing on the way may lead out of
/// `root` (which itself may be reached through symlinks: it is the
/// project, named by the user). A FIFO or a device is refused without
/// blocking.
pub fn open_beneath(root: &Path, rel: &Path) -> io::Result<File> {
    check_relative(rel)?;
    let root = if root.as_os_str().is_empty() {
        Path::new(".")
    } else {
        root
    };
    let file = open(root, rel).map_err(|e| explain(e, root))?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    Ok(file)
}

/// Refuses what could not name a file below a folder: an absolute path, a
/// drive prefix, `..`.
pub fn check_relative(rel: &Path) -> io::Result<()> {
    for c in rel.components() {
        match c {
            Component::Normal(_) | Component::CurDir => {}
            Component::ParentDir => return Err(outside("`..` leads out of the folder")),
            Component::RootDir | Component::Prefix(_) => {
                return Err(outside("an absolute path leaves the project"));
            }
        }
    }
    if rel.as_os_str().is_empty() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "an empty path"));
    }
    Ok(())
}

fn outside(message: &str) -> io::Error {
    io::Error::new(io::ErrorKind::PermissionDenied, message.to_string())
}

/// Words for what the kernel said.
#[cfg(not(unix))]
fn explain(e: io::Error, _: &Path) -> io::Error {
    e
}

/// Words for what the kernel said.
#[cfg(unix)]
fn explain(e: io::Error, root: &Path) -> io::Error {
    match e.raw_os_error() {
        Some(code) if code == rustix::io::Errno::XDEV.raw_os_error() => io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!("leads outside {} (through a symlink)", root.display()),
        ),
        Some(code) if code == rustix::io::Errno::LOOP.raw_os_error() => io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!(
                "a symlink on the way: files are read only through folders inside {}",
                root.display()
            ),
        ),
        _ => e,
    }
}

#[cfg(unix)]
fn open(root: &Path, rel: &Path) -> io::Result<File> {
    use rustix::fs::{Mode, OFlags};
    let dir = rustix::fs::open(
        root,
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
        Mode::empty(),
    )?;
    let last = OFlags::RDONLY | OFlags::NONBLOCK | OFlags::CLOEXEC | OFlags::NOCTTY;
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        use rustix::fs::ResolveFlags;
        let how = ResolveFlags::BENEATH | ResolveFlags::NO_MAGICLINKS;
        match rustix::fs::openat2(&dir, rel, last, Mode::empty(), how) {
            Ok(fd) => return Ok(File::from(fd)),
            // Older kernels (ENOSYS), or a sandbox that forbids the call
            // (EPERM): the portable way below.
            Err(e) if e == rustix::io::Errno::NOSYS || e == rustix::io::Errno::PERM => {}
            Err(e) if e == rustix::io::Errno::AGAIN => {
                // RESOLVE_BENEATH may ask to retry when a rename raced it.
                let fd = rustix::fs::openat2(&dir, rel, last, Mode::empty(), how)?;
                return Ok(File::from(fd));
            }
            Err(e) => return Err(e.into()),
        }
    }
    component_by_component(dir, rel, last)
}

/// `openat` each component with `O_NOFOLLOW`: a symlink anywhere fails with ELOOP.
#[cfg(unix)]
fn component_by_component(
    mut dir: rustix::fd::OwnedFd,
    rel: &Path,
    last: rustix::fs::OFlags,
) -> io::Result<File> {
    use rustix::fs::{Mode, OFlags};
    let parts: Vec<_> = rel
        .components()
        .filter_map(|c| match c {
            Component::Normal(n) => Some(n),
            _ => None,
        })
        .collect();
    for (i, part) in parts.iter().enumerate() {
        let flags = if i + 1 == parts.len() {
            last | OFlags::NOFOLLOW
        } else {
            OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC
        };
        dir = match rustix::fs::openat(&dir, *part, flags, Mode::empty()) {
            Ok(fd) => fd,
            // A symlinked folder on the way fails with ENOTDIR (O_DIRECTORY
            // is checked first): name it as the symlink it is.
            Err(e) if e == rustix::io::Errno::NOTDIR && is_symlink(&dir, part) => {
                return Err(rustix::io::Errno::LOOP.into());
            }
            Err(e) => return Err(e.into()),
        };
    }
    Ok(File::from(dir))
}

#[cfg(unix)]
fn is_symlink(dir: &rustix::fd::OwnedFd, name: &std::ffi::OsStr) -> bool {
    use rustix::fs::{AtFlags, FileType};
    rustix::fs::statat(dir, name, AtFlags::SYMLINK_NOFOLLOW)
        .is_ok_and(|st| FileType::from_raw_mode(st.st_mode) == FileType::Symlink)
}

#[cfg(not(unix))]
fn open(root: &Path, rel: &Path) -> io::Result<File> {
    // No handle-relative opening here: check the real path, then open it.
    let real = super::check_within(&root.join(rel), root)?;
    File::open(real)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::io::Read;
    use std::os::unix::fs::symlink;

    fn read(root: &Path, rel: &str) -> io::Result<String> {
        let mut s = String::new();
        open_beneath(root, Path::new(rel))?.read_to_string(&mut s)?;
        Ok(s)
    }

    #[test]
    fn reads_outside_the_project_are_refused_by_the_kernel() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("project");
        std::fs::create_dir_all(root.join("assets")).unwrap();
        std::fs::write(root.join("assets/in.txt"), "in").unwrap();
        std::fs::write(dir.path().join("secret.txt"), "secret").unwrap();
        assert_eq!(read(&root, "assets/in.txt").unwrap(), "in");
        assert_eq!(read(&root, "./assets/in.txt").unwrap(), "in");
        // A symlink out of the project, to a file or to a folder.
        symlink(dir.path().join("secret.txt"), root.join("abs.txt")).unwrap();
        symlink("../secret.txt", root.join("rel.txt")).unwrap();
        symlink(dir.path(), root.join("up")).unwrap();
        for rel in ["abs.txt", "rel.txt", "up/secret.txt"] {
            let e = read(&root, rel).unwrap_err();
            assert_eq!(e.kind(), io::ErrorKind::PermissionDenied, "{rel}: {e}");
        }
        // `..` and absolute paths are refused before anything is opened.
        for rel in ["../secret.txt", "assets/../../secret.txt", "/etc/passwd"] {
            let e = read(&root, rel).unwrap_err();
            assert_eq!(e.kind(), io::ErrorKind::PermissionDenied, "{rel}: {e}");
        }
    }

    #[test]
    fn reads_outside_the_project_refuse_fifos_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo");
        let e = read(dir.path(), "fifo").unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
        let e = read(dir.path(), "").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidInput);
    }

    #[test]
    fn reads_outside_the_project_without_symlinks_when_component_by_component() {
        use rustix::fs::{Mode, OFlags};
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("a")).unwrap();
        std::fs::write(dir.path().join("a/f"), "f").unwrap();
        symlink("a", dir.path().join("link")).unwrap();
        let open_root = || {
            rustix::fs::open(
                dir.path(),
                OFlags::RDONLY | OFlags::DIRECTORY,
                Mode::empty(),
            )
            .unwrap()
        };
        let last = OFlags::RDONLY | OFlags::NONBLOCK;
        let mut s = String::new();
        component_by_component(open_root(), Path::new("a/f"), last)
            .unwrap()
            .read_to_string(&mut s)
            .unwrap();
        assert_eq!(s, "f");
        // The fallback follows no symlink, even one that stays inside.
        let e = component_by_component(open_root(), Path::new("link/f"), last).unwrap_err();
        assert_eq!(
            e.raw_os_error(),
            Some(rustix::io::Errno::LOOP.raw_os_error())
        );
    }
}
