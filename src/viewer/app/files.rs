//! The network file and other files: save, open, export, file dialogs,
//! changes on disk.

use super::*;

impl App {
    pub(super) fn save(&mut self, path: Option<PathBuf>) {
        let path = path.unwrap_or_else(|| self.doc.net.file.clone());
        if crate::builtin::is_builtin(&path) {
            // A built-in preset lives inside the program: save a copy of it.
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            self.save_as = Some(name.into_owned());
            self.say("a built-in preset cannot be changed in place: save it as a file of your own");
            return;
        }
        if self.load_failed && path == self.doc.net.file {
            self.say(format!(
                "{} did not load, so it is not overwritten: fix it in an editor (it reloads on save) or use Save as",
                path.display()
            ));
            self.tab = Tab::Log;
            return;
        }
        // Saving over the network itself is Save; over anything else it
        // reads (a ROP file, a texture, the ROP folders) never.
        let inputs = self
            .doc
            .project
            .job_inputs(&self.doc.lib, &self.doc.net)
            .without_file(&self.doc.net.file);
        if let Err(e) = inputs.check(&path) {
            self.say(e.to_string());
            self.tab = Tab::Log;
            return;
        }
        let text = self.doc.net.to_yaml(&self.doc.lib);
        match write_atomic(&path, text.as_bytes()) {
            Ok(()) => {
                if path != self.doc.net.file || self.new_file {
                    // A new file is watched from its first save on.
                    self.doc.net.file = path.clone();
                    self.rewatch();
                }
                self.new_file = false;
                self.disk_text = text;
                self.dirty = false;
                self.disk_changed = false;
                self.say(format!("saved {}", path.display()));
            }
            Err(e) => {
                self.say(format!(
                    "{}: cannot save: {e} (nothing was overwritten)",
                    path.display()
                ));
                self.tab = Tab::Log;
            }
        }
    }

    pub(super) fn rewatch(&mut self) {
        let ctx = self.ctx.clone();
        self.watcher = Watcher::new(
            &self.doc.lib.watch_roots(),
            Some(&self.doc.net.file),
            move || ctx.request_repaint(),
        )
        .ok();
        self.watch_named_files();
    }

    /// Adds the files the network names (point lists, textures) to the
    /// watch, so editing one in another program rebuilds.
    pub(super) fn watch_named_files(&mut self) {
        let files: Vec<PathBuf> = self
            .doc
            .project
            .files_on_disk(&self.doc.lib, &self.doc.net)
            .into_iter()
            .map(|(_, f)| f)
            .collect();
        if let Some(w) = &mut self.watcher
            && let Err(e) = w.also_watch(&files)
        {
            self.log
                .push(format!("not watching the files the network names: {e}"));
        }
    }

    pub(super) fn open(&mut self, path: PathBuf) {
        match self.doc.project.load_network(&path, &self.doc.lib) {
            Ok(net) => {
                self.disk_text = crate::files::read_text(&path, crate::limits::NETWORK_FILE_BYTES)
                    .unwrap_or_default();
                self.replace_network(net);
                self.new_file = false;
                self.say(format!("opened {}", path.display()));
            }
            Err(e) => {
                self.say(e.to_string());
                self.tab = Tab::Log;
            }
        }
    }

    /// Shows `net` in place of the network edited: a fresh graph, history
    /// and camera.
    fn replace_network(&mut self, net: Network) {
        self.doc.net = net;
        self.load_failed = false;
        self.history = History::default();
        self.dirty = false;
        self.confirm_discard = None;
        self.graph = Graph::new(&self.doc.net, &self.doc.lib);
        self.graph.bypassed = super::bypassed(&self.doc.net);
        self.preview.reset_camera(&self.doc.net, &self.doc.lib);
        self.push_network();
        self.rewatch();
    }

    /// File → New: a sphere and a renderer on a file not there yet
    /// (`untitled.yaml` beside the network, numbered when taken), which
    /// Save creates.
    pub(super) fn new_network(&mut self) {
        let dir = match self.doc.net.file.parent() {
            Some(d) if !crate::builtin::is_builtin(&self.doc.net.file) && d.is_dir() => {
                d.to_path_buf()
            }
            _ => PathBuf::from("."),
        };
        let file = (1..)
            .map(|i| match i {
                1 => dir.join("untitled.yaml"),
                i => dir.join(format!("untitled{i}.yaml")),
            })
            .find(|f| std::fs::symlink_metadata(f).is_err())
            .unwrap_or_else(|| dir.join("untitled.yaml"));
        self.disk_text.clear();
        self.replace_network(crate::viewer::starter(&file));
        self.new_file = true;
        self.say(format!(
            "a new network: Ctrl+S saves it as {}",
            file.display()
        ));
    }

    pub(super) fn export_file(&mut self, format: Format) {
        let path = self.export_path(format.info().extension);
        // Written by the worker, which holds the build: the window goes on.
        self.worker.send(Job::Export { format, path });
    }

    /// Where an export goes: beside the network, or in the current folder
    /// for a built-in preset (which has no folder of its own).
    pub(super) fn export_path(&self, ext: &str) -> PathBuf {
        let file = &self.doc.net.file;
        if crate::builtin::is_builtin(file) {
            PathBuf::from(file.file_name().unwrap_or_default()).with_extension(ext)
        } else {
            file.with_extension(ext)
        }
    }

    /// Applies file changes seen by the watcher.
    pub(super) fn poll_files(&mut self) {
        let Some(w) = &mut self.watcher else { return };
        let changes = w.poll();
        if w.is_pending() {
            // Come back when the files have been quiet long enough.
            self.ctx.request_repaint_after(crate::watch::DEBOUNCE);
        }
        // The network file counts only when it is not our own save, and is
        // not applied over local edits (the menu bar offers to reload instead).
        let mut network = false;
        if changes.network {
            let text =
                crate::files::read_text(&self.doc.net.file, crate::limits::NETWORK_FILE_BYTES)
                    .unwrap_or_default();
            if text != self.disk_text {
                if self.dirty {
                    self.disk_changed = true;
                } else {
                    self.history.record(&self.doc.net, "reload");
                    self.disk_text = text;
                    network = true;
                }
            }
        }
        if !changes.library && !network {
            return;
        }
        let t0 = Instant::now();
        let result = self.doc.reload_files(changes.library, network);
        if network && result.is_ok() {
            self.load_failed = false;
        }
        if changes.library {
            self.assets = crate::viewer::params::list_assets(&self.doc.project.root);
        }
        self.graph.rebuild(&self.doc.net, &self.doc.lib);
        let what = match (changes.library, network) {
            (true, true) => "ROP files and the network file changed",
            (true, false) => "ROP files changed",
            _ => "the network file changed on disk",
        };
        match result {
            Ok(()) => {
                // The build itself happens on the worker, which reports it.
                if changes.library {
                    self.push_library();
                } else {
                    self.push_network();
                }
                self.say(format!(
                    "{what}: read again in {:.1} ms",
                    t0.elapsed().as_secs_f64() * 1000.0
                ));
            }
            Err(_) => {
                self.say(format!(
                    "{what}: the files do not load, the last good picture stays"
                ));
                self.tab = Tab::Errors;
            }
        }
    }

    pub(super) fn reload_from_disk(&mut self, text: String) {
        self.history.record(&self.doc.net, "reload");
        self.disk_text = text;
        let result = self.doc.reload_files(false, true);
        if result.is_ok() {
            self.push_network();
        }
        self.graph.rebuild(&self.doc.net, &self.doc.lib);
        self.disk_changed = false;
        self.dirty = false;
        self.load_failed &= result.is_err();
        match result {
            Ok(()) => self.say("network file changed on disk: reloaded"),
            Err(_) => self.tab = Tab::Errors,
        }
    }

    /// Takes a native dialog's answer: the chosen file is used at once;
    /// nothing chosen (cancelled, or no portal) leaves the typed path.
    pub(super) fn poll_browse(&mut self) {
        let Some(answer) = self.browse.as_ref().and_then(Browse::poll) else {
            return;
        };
        let purpose = self.browse.take().map(|b| b.purpose);
        match (purpose, answer) {
            (Some(Purpose::Open), Some(path)) => self.request(Pending::Open(path)),
            (Some(Purpose::Open), None) => {
                let dir = self.doc.net.file.parent().unwrap_or(Path::new("."));
                self.open_path = Some(format!("{}/", dir.display()));
            }
            (Some(Purpose::SaveAs), Some(path)) => {
                self.save_as = None;
                self.save(Some(path));
            }
            (Some(Purpose::ExportPng), Some(path)) => {
                if let Some(e) = &mut self.export_png {
                    e.0 = path.display().to_string();
                }
            }
            (Some(Purpose::ExportMesh), Some(path)) => {
                if let Some(e) = &mut self.export_mesh {
                    e.0 = path.display().to_string();
                }
            }
            _ => {}
        }
    }
}

/// The text of a file an error points at: on disk, or built in.
pub(super) fn source_text(file: &std::path::Path) -> Option<String> {
    match crate::builtin::text(file) {
        Some(t) => Some(t.to_string()),
        None => crate::files::read_text(file, crate::limits::CODE_FILE_BYTES).ok(),
    }
}

/// The first `path:line` in an error message whose file exists.
pub(super) fn location(text: &str) -> Option<(PathBuf, usize)> {
    for line in text.lines() {
        let mut parts = line.trim().splitn(3, ':');
        let (Some(file), Some(l)) = (parts.next(), parts.next()) else {
            continue;
        };
        if let Ok(l) = l.parse::<usize>() {
            let p = PathBuf::from(file);
            if p.is_file() || crate::builtin::text(&p).is_some() {
                return Some((p, l));
            }
        }
    }
    None
}
