//! File watching (notify): which of the project's inputs changed. Events are
//! gathered until the files have been quiet for [`DEBOUNCE`], so an editor's
//! burst of writes makes one rebuild. Only writes, creations, removals and
//! renames count: reading a file (as every rebuild does) is not a change, nor
//! is the access-time update a read can cause.
//! The viewer and the tests turn these changes into rebuilds through [`Live`].

use crate::live::{Live, LiveError};
use notify::event::ModifyKind;
use notify::{EventKind, RecursiveMode, Watcher as _};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// How long the files must be quiet before a batch of changes is reported.
pub const DEBOUNCE: Duration = Duration::from_millis(60);

/// What a batch of file events means for the open network.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Changes {
    /// A ROP folder or a `shaders/` file changed: reload the library.
    pub library: bool,
    /// The open network file changed on disk.
    pub network: bool,
}

impl Watcher {
    /// Also watches files the network names (point lists, textures): a
    /// change to one rebuilds as a library change does, since their
    /// content is read when the shader is built.
    pub fn also_watch(&mut self, files: &[PathBuf]) -> Result<(), WatchError> {
        for file in files {
            let real = file.canonicalize().unwrap_or_else(|_| file.clone());
            if let Some(dir) = real.parent()
                && !self.watched_dirs.iter().any(|d| d == dir)
            {
                self.watcher_handle
                    .watch(dir, RecursiveMode::NonRecursive)
                    .map_err(|e| WatchError {
                        path: dir.to_path_buf(),
                        message: e.to_string(),
                    })?;
                self.watched_dirs.push(dir.to_path_buf());
            }
            self.files.push(real);
        }
        Ok(())
    }
}

impl Changes {
    pub fn any(&self) -> bool {
        self.library || self.network
    }
}

#[derive(Debug, thiserror::Error)]
#[error("cannot watch {}: {message}", path.display())]
pub struct WatchError {
    pub path: PathBuf,
    pub message: String,
}

pub struct Watcher {
    watcher_handle: notify::RecommendedWatcher,
    events: Receiver<Vec<PathBuf>>,
    library_roots: Vec<PathBuf>,
    network: Option<PathBuf>,
    /// Files the network names (see [`Watcher::also_watch`]), and the
    /// folders watched for them.
    files: Vec<PathBuf>,
    watched_dirs: Vec<PathBuf>,
    pending: Changes,
    last_event: Option<Instant>,
}

impl Watcher {
    /// Watches the library folders and the network file. `wake` runs on the
    /// watcher thread after each event (the viewer asks for a repaint there).
    pub fn new(
        library_roots: &[PathBuf],
        network: Option<&Path>,
        wake: impl Fn() + Send + 'static,
    ) -> Result<Watcher, WatchError> {
        let (tx, rx) = channel();
        let mut watcher = notify::recommended_watcher(move |res: notify::Result<notify::Event>| {
            if let Ok(event) = res
                && matches!(
                    event.kind,
                    EventKind::Create(_)
                        | EventKind::Remove(_)
                        | EventKind::Modify(
                            ModifyKind::Data(_) | ModifyKind::Name(_) | ModifyKind::Any
                        )
                        | EventKind::Any
                )
            {
                let _ = tx.send(event.paths);
                wake();
            }
        })
        .map_err(|e| WatchError {
            path: PathBuf::new(),
            message: e.to_string(),
        })?;
        let canonical = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
        let mut roots = Vec::new();
        for root in library_roots.iter().filter(|r| r.exists()) {
            watcher
                .watch(root, RecursiveMode::Recursive)
                .map_err(|e| WatchError {
                    path: root.clone(),
                    message: e.to_string(),
                })?;
            roots.push(canonical(root));
        }
        // Watch the network's folder (editors save by replacing the file).
        let network = network.map(canonical);
        if let Some(dir) = network.as_ref().and_then(|n| n.parent()) {
            watcher
                .watch(dir, RecursiveMode::NonRecursive)
                .map_err(|e| WatchError {
                    path: dir.to_path_buf(),
                    message: e.to_string(),
                })?;
        }
        Ok(Watcher {
            files: Vec::new(),
            watched_dirs: Vec::new(),
            watcher_handle: watcher,
            events: rx,
            library_roots: roots,
            network,
            pending: Changes::default(),
            last_event: None,
        })
    }

    fn drain(&mut self) {
        while let Ok(paths) = self.events.try_recv() {
            let mut changes = self.pending;
            for path in paths {
                self.classify(&path, &mut changes);
            }
            self.pending = changes;
            self.last_event = Some(Instant::now());
        }
    }

    /// Changes whose files have been quiet for [`DEBOUNCE`] (never blocks).
    pub fn poll(&mut self) -> Changes {
        self.drain();
        match self.last_event {
            Some(t) if self.pending.any() && t.elapsed() >= DEBOUNCE => {
                self.last_event = None;
                std::mem::take(&mut self.pending)
            }
            _ => Changes::default(),
        }
    }

    /// Whether changes are waiting for the quiet period to end.
    pub fn is_pending(&self) -> bool {
        self.pending.any()
    }

    /// Waits up to `timeout` for a batch of changes.
    pub fn wait(&mut self, timeout: Duration) -> Changes {
        let end = Instant::now() + timeout;
        loop {
            let changes = self.poll();
            if changes.any() || Instant::now() >= end {
                return changes;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    fn classify(&self, path: &Path, changes: &mut Changes) {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        // Editors' swap and backup files, and atomic-save temporaries.
        if name.starts_with(".#")
            || name.ends_with('~')
            || name.ends_with(".swp")
            || name.starts_with(".tmp")
        {
            return;
        }
        if self.network.as_deref() == Some(path) {
            changes.network = true;
        } else if self.library_roots.iter().any(|r| path.starts_with(r))
            || self.files.iter().any(|f| f == path)
        {
            changes.library = true;
        }
    }
}

/// Applies a batch of changes to a live network. `None` when nothing changed.
pub fn apply(live: &mut Live, changes: Changes) -> Option<Result<(), LiveError>> {
    changes
        .any()
        .then(|| live.reload(changes.library, changes.network))
}
