//! Undo and redo as snapshots of the network. Networks are small, so a copy
//! per edit is simpler and safer than inverse operations. Edits that repeat
//! on the same target in quick succession (dragging a slider) share one step.

use crate::network::Network;
use std::time::{Duration, Instant};

const COALESCE: Duration = Duration::from_millis(800);
const LIMIT: usize = 200;

#[derive(Default)]
pub struct History {
    undo: Vec<Network>,
    redo: Vec<Network>,
    last: Option<(String, Instant)>,
}

impl History {
    /// Records the state before an edit. `tag` names what is edited
    /// (`/node.Param`); repeated tags within a moment make one step.
    pub fn record(&mut self, before: &Network, tag: &str) {
        let now = Instant::now();
        if let Some((t, at)) = &self.last
            && t == tag
            && now.duration_since(*at) < COALESCE
        {
            self.last = Some((tag.to_string(), now));
            return;
        }
        self.undo.push(before.clone());
        if self.undo.len() > LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
        self.last = Some((tag.to_string(), now));
    }

    pub fn undo(&mut self, current: &Network) -> Option<Network> {
        let prev = self.undo.pop()?;
        self.redo.push(current.clone());
        self.last = None;
        Some(prev)
    }

    pub fn redo(&mut self, current: &Network) -> Option<Network> {
        let next = self.redo.pop()?;
        self.undo.push(current.clone());
        self.last = None;
        Some(next)
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::network::Node;

    fn net(n: usize) -> Network {
        let mut net = Network::default();
        for i in 0..n {
            net.nodes.insert(format!("/n{i}"), Node::new("sphere"));
        }
        net
    }

    #[test]
    fn undo_and_redo_walk_the_snapshots() {
        let mut h = History::default();
        h.record(&net(0), "a");
        h.record(&net(1), "b");
        assert_eq!(h.undo(&net(2)).unwrap().nodes.len(), 1);
        assert_eq!(h.undo(&net(1)).unwrap().nodes.len(), 0);
        assert!(h.undo(&net(0)).is_none());
        assert_eq!(h.redo(&net(0)).unwrap().nodes.len(), 1);
        assert_eq!(h.redo(&net(1)).unwrap().nodes.len(), 2);
        assert!(!h.can_redo());
    }

    #[test]
    fn quick_repeats_of_one_edit_are_one_step() {
        let mut h = History::default();
        h.record(&net(0), "/s.Radius");
        h.record(&net(1), "/s.Radius");
        h.record(&net(2), "/s.Radius");
        assert_eq!(h.undo(&net(3)).unwrap().nodes.len(), 0);
        assert!(!h.can_undo());
    }
}
