//! Edits of the network: graph edits, parameter values, undo and redo, and
//! the revisions sent to the preview worker and its reports.

use super::*;

impl App {
    /// Records the network for undo, then applies `edit` and brings the picture up to date.
    pub(super) fn edit(&mut self, tag: &str, structural: bool, edit: impl FnOnce(&mut Network)) {
        self.history.record(&self.doc.net, tag);
        edit(&mut self.doc.net);
        self.dirty = true;
        if structural {
            self.graph.rebuild(&self.doc.net, &self.doc.lib);
            self.after_structure();
        }
        self.push_network();
    }

    /// What follows the network's structure: the bypass marks, and the
    /// node viewed (gone with its node).
    pub(super) fn after_structure(&mut self) {
        self.graph.bypassed = super::bypassed(&self.doc.net);
        if let Some(v) = &self.graph.viewing
            && !self.doc.net.nodes.contains_key(v)
        {
            self.graph.viewing = None;
        }
    }

    pub(super) fn apply_graph_edit(&mut self, e: GraphEdit) {
        // Edits that change no network.
        let e = match e {
            GraphEdit::View(path) => {
                self.view(path);
                return;
            }
            GraphEdit::Copy(paths) => {
                self.copy_nodes(&paths);
                return;
            }
            GraphEdit::Refused(why) => {
                self.say(format!("not connected: {why}"));
                return;
            }
            other => other,
        };
        // Each edit runs on a copy: a refused one changes nothing and leaves no undo step.
        let mut net = self.doc.net.clone();
        let (tag, result) = match e {
            GraphEdit::Connect { src, dst, slot } => (
                format!("connect {dst}"),
                net.connect(&src, &dst, slot).map(|()| None),
            ),
            GraphEdit::Disconnect { dst, slot } => (
                format!("disconnect {dst}"),
                net.disconnect(&dst, slot).map(|()| None),
            ),
            GraphEdit::Add { rop, pos, after } => {
                let path = net.add_node(&rop, pos);
                // After the selected node, when the new one takes it.
                if let Some(src) = after.filter(|s| net.nodes.contains_key(s))
                    && net.nodes[&path]
                        .def(&self.doc.lib)
                        .is_some_and(|d| d.max_inputs() > 0)
                {
                    match crate::resolve::connection_problem(&self.doc.lib, &net, &src, &path, 0) {
                        None => {
                            let _ = net.connect(&src, &path, 0);
                        }
                        Some(why) => self.say(format!("{path} is not wired after {src}: {why}")),
                    }
                }
                (format!("add {rop}"), Ok(Some(path)))
            }
            GraphEdit::Remove(path) => (
                format!("remove {path}"),
                net.remove_node(&path).map(|()| None),
            ),
            GraphEdit::Duplicate(path) => (
                format!("duplicate {path}"),
                net.duplicate_node(&path).map(Some),
            ),
            GraphEdit::Rename { from, to } => (
                format!("rename {from}"),
                net.rename_node(&from, &to).map(Some),
            ),
            GraphEdit::SetOutput(path) => {
                net.output = path;
                ("output".to_string(), Ok(None))
            }
            GraphEdit::Bypass(path) => match net.nodes.get_mut(&path) {
                Some(n) if path != net.output => {
                    n.bypass = !n.bypass;
                    (format!("bypass {path}"), Ok(None))
                }
                Some(_) => (
                    format!("bypass {path}"),
                    Err(crate::network::EditError::IsOutput(path.clone())),
                ),
                None => (
                    format!("bypass {path}"),
                    Err(crate::network::EditError::NoNode(path.clone())),
                ),
            },
            GraphEdit::View(_) | GraphEdit::Copy(_) | GraphEdit::Refused(_) => {
                unreachable!("handled above")
            }
        };
        match result {
            Ok(select) => {
                self.edit(&tag, true, |n| *n = net);
                if let Some(s) = select {
                    self.graph.select(vec![s]);
                }
            }
            Err(why) => self.say(format!("{tag}: {why}")),
        }
    }

    pub(super) fn set_param(&mut self, path: &str, param: &str, value: ParamValue) {
        self.history
            .record(&self.doc.net, &format!("{path}.{param}"));
        self.dirty = true;
        // Checked here (every edit path checks the same way); built or
        // uploaded on the worker. A slider being dragged counts as movement:
        // the preview draws smaller until it stops.
        match self.doc.net.set_value(&self.doc.lib, path, param, value) {
            Ok(()) => {
                self.preview.moved = Some(Instant::now());
                self.push_network();
            }
            Err(e) => self.say(e.to_string()),
        }
    }

    pub(super) fn undo(&mut self) {
        if let Some(prev) = self.history.undo(&self.doc.net) {
            self.restore(prev, "undo");
        }
    }

    pub(super) fn redo(&mut self) {
        if let Some(next) = self.history.redo(&self.doc.net) {
            self.restore(next, "redo");
        }
    }

    pub(super) fn restore(&mut self, net: Network, what: &str) {
        self.doc.net = net;
        self.dirty = true;
        self.graph.rebuild(&self.doc.net, &self.doc.lib);
        self.after_structure();
        self.push_network();
        self.say(what);
    }

    /// Sends the network as it now is to the preview worker, which builds
    /// (or only updates parameter values) and draws; the window goes on.
    pub(super) fn push_network(&mut self) {
        let revision = self.doc.commit();
        if self.waiting_since.is_none() {
            self.waiting_since = Some(Instant::now());
        }
        // The network drawn: the one edited, or the node viewed under a
        // renderer of its own.
        let net = match self.graph.viewing.clone() {
            Some(path) => match self.view_network(&path) {
                Ok(net) => net,
                Err(why) => {
                    self.graph.viewing = None;
                    self.say(format!("cannot view {path}: {why}"));
                    self.doc.net.clone()
                }
            },
            None => self.doc.net.clone(),
        };
        self.worker.send(Job::Revision {
            net: Box::new(net),
            lib: self.doc.lib.clone(),
            revision,
        });
        // Ask for the new picture in this same frame: the worker takes the
        // network and the frame request together, with no round trip.
        self.preview.stale = true;
    }

    /// A new library (files changed): shared with the worker, which
    /// rebuilds because the library is not the one it built with.
    pub(super) fn push_library(&mut self) {
        self.push_network();
    }

    /// What the worker reported since the last frame.
    pub(super) fn poll_worker(&mut self, ctx: &egui::Context) {
        while let Ok(event) = self.worker.events.try_recv() {
            match event {
                Event::Built {
                    revision,
                    built,
                    error,
                    stats,
                    took,
                } => {
                    self.built_revision = revision;
                    self.doc.stats = stats;
                    let warnings = match (&error, &built) {
                        (None, Some(b)) => b.shader.warnings.clone(),
                        _ => Vec::new(),
                    };
                    self.doc.built = built;
                    self.preview.stale = true;
                    match error {
                        None => {
                            self.doc.error = None;
                            self.say(format!("built in {:.1} ms", took.as_secs_f64() * 1000.0));
                            for w in warnings {
                                self.say(format!("warning: {w}"));
                            }
                        }
                        // While the file that did not load is still
                        // shown as an empty network, its own error stays:
                        // the empty network's (no output) says nothing.
                        Some(_) if self.load_failed && self.doc.net.nodes.is_empty() => {
                            self.tab = Tab::Errors;
                        }
                        Some(e) => {
                            self.doc.error = Some(e);
                            self.tab = Tab::Errors;
                        }
                    }
                }
                Event::Updated { revision, stats } => {
                    self.built_revision = revision;
                    self.doc.stats = stats;
                    self.preview.stale = true;
                }
                Event::Rows {
                    width,
                    height,
                    y0,
                    rows,
                    pixels,
                    complete,
                    elapsed,
                    request,
                    baked,
                } => {
                    self.preview
                        .apply_rows(ctx, [width, height], y0, rows, &pixels);
                    self.preview.baked = baked;
                    if complete {
                        // A whole picture: an earlier one's stop or failure is over.
                        self.preview.error = None;
                    }
                    if complete && !self.preview.reduced && Some(request) == self.preview_sent() {
                        self.preview.frame_ms = elapsed.as_secs_f32() * 1000.0;
                        self.preview.full_pictures += 1;
                        if self.first_picture.is_none() {
                            self.first_picture = Some(self.started.elapsed());
                            self.frames_before_picture = self.frames;
                            if self.screenshot.is_some() {
                                // Once more, to report a frame without the driver's compile in it.
                                self.preview.stale = true;
                            }
                        }
                    }
                }
                Event::Baked { took, .. } => {
                    self.say(format!(
                        "values settled: constants compiled in ({:.0} ms)",
                        took.as_secs_f64() * 1000.0
                    ));
                    // The same picture, drawn faster: the next frame uses it.
                }
                Event::RenderFailed(e) => self.preview.error = Some(e),
                Event::Exported { path, result } => match result {
                    Ok(line) => self.say(line),
                    Err(e) => {
                        self.say(format!("{}: export failed: {e}", path.display()));
                        self.tab = Tab::Log;
                    }
                },
                Event::Dead(e) => {
                    // Nothing more will be built: stop waiting for it.
                    self.worker_dead = true;
                    self.say(format!("the preview cannot draw: {e}"));
                    self.preview.error = Some(e);
                }
            }
        }
        if self.built_revision >= self.doc.revision() || self.worker_dead {
            self.waiting_since = None;
        }
    }

    pub(super) fn preview_sent(&self) -> Option<crate::viewer::worker::FrameRequest> {
        self.preview.sent()
    }
}
