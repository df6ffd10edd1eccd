//! File watching (notify, debounced): which of the project's inputs changed.
//! The viewer and the tests turn these changes into rebuilds through [`Live`].

use crate::live::{Live, LiveError};
use notify::RecursiveMode;
use notify_debouncer_mini::{DebounceEventResult, Debouncer, new_debouncer};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// How long a burst of file events is gathered before one rebuild.
pub const DEBOUNCE: Duration = Duration::from_millis(120);

/// What a batch of file events means for the open network.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Changes {
    /// A ROP folder or a `shaders/` file changed: reload the library.
    pub library: bool,
    /// The open network file changed on disk.
    pub network: bool,
}

#[derive(Debug, thiserror::Error)]
#[error("cannot watch {}: {message}", path.display())]
pub struct WatchError {
    pub path: PathBuf,
    pub message: String,
}

pub struct Watcher {
    _debouncer: Debouncer<notify::RecommendedWatcher>,
    events: Receiver<Vec<PathBuf>>,
    library_roots: Vec<PathBuf>,
    network: Option<PathBuf>,
}

impl Watcher {
    /// Watches the library folders and the network file. `wake` runs on the
    /// watcher thread after each batch (the viewer asks for a repaint there).
    pub fn new(
        library_roots: &[PathBuf],
        network: Option<&Path>,
        wake: impl Fn() + Send + 'static,
    ) -> Result<Watcher, WatchError> {
        let (tx, rx) = channel();
        let mut debouncer = new_debouncer(DEBOUNCE, move |res: DebounceEventResult| {
            if let Ok(events) = res {
                let _ = tx.send(events.into_iter().map(|e| e.path).collect());
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
            debouncer
                .watcher()
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
            debouncer
                .watcher()
                .watch(dir, RecursiveMode::NonRecursive)
                .map_err(|e| WatchError {
                    path: dir.to_path_buf(),
                    message: e.to_string(),
                })?;
        }
        Ok(Watcher {
            _debouncer: debouncer,
            events: rx,
            library_roots: roots,
            network,
        })
    }

    /// Changes seen since the last call (never blocks).
    pub fn poll(&self) -> Changes {
        let mut changes = Changes::default();
        while let Ok(paths) = self.events.try_recv() {
            for path in paths {
                self.classify(&path, &mut changes);
            }
        }
        changes
    }

    /// Waits up to `timeout` for the first batch of changes.
    pub fn wait(&self, timeout: Duration) -> Changes {
        let mut changes = Changes::default();
        if let Ok(paths) = self.events.recv_timeout(timeout) {
            for path in paths {
                self.classify(&path, &mut changes);
            }
        }
        let more = self.poll();
        changes.library |= more.library;
        changes.network |= more.network;
        changes
    }

    fn classify(&self, path: &Path, changes: &mut Changes) {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        // Editors' swap and backup files, and our own atomic-save temporaries.
        if name.starts_with(".#")
            || name.ends_with('~')
            || name.ends_with(".swp")
            || name.starts_with(".tmp")
        {
            return;
        }
        if self.network.as_deref() == Some(path) {
            changes.network = true;
        } else if self.library_roots.iter().any(|r| path.starts_with(r)) {
            changes.library = true;
        }
    }
}

/// Applies a batch of changes to a live network: the library first, then the network file.
pub fn apply(live: &mut Live, changes: Changes) -> Option<Result<(), LiveError>> {
    match (changes.library, changes.network) {
        (false, false) => None,
        (true, false) => Some(live.reload_library()),
        (lib, true) => {
            if lib {
                live.lib = live.project.load_library();
            }
            Some(live.reload_network())
        }
    }
}
