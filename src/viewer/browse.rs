//! Native file dialogs, through `rfd`'s XDG desktop portal backend (no GTK
//! to build), each on a thread of its own: a portal answers when the user
//! does, and the window must go on drawing meanwhile. Where no portal
//! answers (a bare X server, a minimal desktop), the viewer's typed-path
//! dialogs stay the way in.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// What a chosen file is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Open,
    SaveAs,
    ExportPng,
    ExportMesh,
}

/// A dialog that is open (or waiting for the portal).
pub struct Browse {
    pub purpose: Purpose,
    answer: Receiver<Option<PathBuf>>,
}

impl Browse {
    /// Opens the dialog for `purpose`, starting at `start` (a file whose
    /// folder and name are offered).
    pub fn start(purpose: Purpose, start: &Path) -> Browse {
        let (tx, answer) = channel();
        let dir = start.parent().filter(|d| d.is_dir()).map(Path::to_path_buf);
        let name = start.file_name().map(|n| n.to_string_lossy().into_owned());
        let spawned = std::thread::Builder::new()
            .name("ropkit file dialog".into())
            .spawn(move || {
                let mut dialog = rfd::FileDialog::new();
                if let Some(dir) = dir {
                    dialog = dialog.set_directory(dir);
                }
                let chosen = match purpose {
                    Purpose::Open => dialog
                        .add_filter("ropkit network", &["yaml", "yml"])
                        .pick_file(),
                    Purpose::SaveAs => {
                        if let Some(name) = name {
                            dialog = dialog.set_file_name(name);
                        }
                        dialog
                            .add_filter("ropkit network", &["yaml", "yml"])
                            .save_file()
                    }
                    Purpose::ExportPng => {
                        if let Some(name) = name {
                            dialog = dialog.set_file_name(name);
                        }
                        dialog.add_filter("PNG image", &["png"]).save_file()
                    }
                    Purpose::ExportMesh => {
                        if let Some(name) = name {
                            dialog = dialog.set_file_name(name);
                        }
                        dialog
                            .add_filter("mesh", &["glb", "obj", "stl", "ply"])
                            .save_file()
                    }
                };
                let _ = tx.send(chosen);
            });
        if spawned.is_err() {
            // No thread, no dialog: the answer is "nothing chosen".
            let (tx, rx) = channel();
            let _ = tx.send(None);
            return Browse {
                purpose,
                answer: rx,
            };
        }
        Browse { purpose, answer }
    }

    /// A dialog that has already answered (for tests of what the window
    /// does with an answer).
    #[cfg(test)]
    pub fn answered(purpose: Purpose, chosen: Option<PathBuf>) -> Browse {
        let (tx, answer) = channel();
        let _ = tx.send(chosen);
        Browse { purpose, answer }
    }

    /// The answer once there is one: `Some(None)` when nothing was chosen
    /// (cancelled, or no portal answered).
    pub fn poll(&self) -> Option<Option<PathBuf>> {
        match self.answer.try_recv() {
            Ok(chosen) => Some(chosen),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(None),
        }
    }
}
