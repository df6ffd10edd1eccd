//! Headless Chromium driven over the DevTools protocol, through the pipe
//! Chromium opens with `--remote-debugging-pipe` (it reads commands on file
//! descriptor 3 and writes replies and events on 4, each message a JSON
//! text ended by a NUL byte). No port, no websocket, nothing to install
//! but Chromium: the protocol itself is all a test needs (evaluate script,
//! watch network events).
//!
//! WebGL2 runs on SwiftShader, Chromium's CPU renderer, so pages draw the
//! same on any machine. Networking is pointed at nowhere (a proxy on a
//! closed loopback port, every host name unresolvable), so that a page
//! that tried to fetch anything would fail here as well as be seen.

use serde_json::{Value as Json, json};
use std::io::{BufRead, BufReader, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long one protocol call may take (compiling a big shader on
/// SwiftShader takes seconds; a hang must still end the test).
const CALL_TIMEOUT: Duration = Duration::from_secs(180);

pub struct Browser {
    child: Child,
    to_browser: std::fs::File,
    from_browser: Receiver<Json>,
    next_id: u64,
    /// Events received while waiting for replies, oldest first.
    pub events: Vec<Json>,
    _profile: tempfile::TempDir,
}

/// One tab, attached with its own protocol session.
pub struct Tab {
    pub session: String,
    pub target: String,
}

fn pipe() -> (OwnedFd, OwnedFd) {
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors pipe2 writes.
    let rc = unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) };
    assert_eq!(rc, 0, "pipe2: {}", std::io::Error::last_os_error());
    // SAFETY: pipe2 succeeded, so both descriptors are open and ours.
    unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) }
}

impl Browser {
    /// Starts Chromium, or panics saying what to install.
    pub fn start() -> Browser {
        use std::os::unix::process::CommandExt;
        let exe = ["chromium", "chromium-browser", "google-chrome"]
            .into_iter()
            .find(|e| {
                Command::new(e)
                    .arg("--version")
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .status()
                    .is_ok_and(|s| s.success())
            })
            .expect("Chromium not found: install Debian's `chromium` package (.ci/run does)");
        let profile = tempfile::tempdir().unwrap();
        let (cmd_read, cmd_write) = pipe();
        let (reply_read, reply_write) = pipe();
        let (child_in, child_out) = (cmd_read.as_raw_fd(), reply_write.as_raw_fd());
        let mut command = Command::new(exe);
        command
            .args([
                "--headless",
                "--no-sandbox",
                "--remote-debugging-pipe",
                "--use-angle=swiftshader",
                "--enable-unsafe-swiftshader",
                "--force-device-scale-factor=1",
                "--force-color-profile=srgb",
                "--hide-scrollbars",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-extensions",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--mute-audio",
                // Networking pointed at nowhere: a proxy on a closed
                // loopback port, and no host name resolves.
                "--proxy-server=127.0.0.1:9",
                "--host-resolver-rules=MAP * ~NOTFOUND",
                "--window-size=400,300",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        // SAFETY: between fork and exec only async-signal-safe calls (fcntl,
        // dup2) put the pipe ends on descriptors 3 and 4; copies above 10
        // first, so that neither target is overwritten before it is read.
        unsafe {
            command.pre_exec(move || {
                let a = libc::fcntl(child_in, libc::F_DUPFD, 10);
                let b = libc::fcntl(child_out, libc::F_DUPFD, 10);
                if a < 0 || b < 0 || libc::dup2(a, 3) < 0 || libc::dup2(b, 4) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = command.spawn().expect("cannot start Chromium");
        drop(cmd_read);
        drop(reply_write);
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(std::fs::File::from(reply_read));
            let mut message = Vec::new();
            while reader.read_until(0, &mut message).is_ok_and(|n| n > 0) {
                message.pop_if(|b| *b == 0);
                if let Ok(json) = serde_json::from_slice::<Json>(&message)
                    && tx.send(json).is_err()
                {
                    break;
                }
                message.clear();
            }
        });
        Browser {
            child,
            to_browser: std::fs::File::from(cmd_write),
            from_browser: rx,
            next_id: 0,
            events: Vec::new(),
            _profile: profile,
        }
    }

    /// Sends one command (to a tab's session, or to the browser) and waits
    /// for its reply; events that come meanwhile are kept in `events`.
    pub fn call(
        &mut self,
        session: Option<&str>,
        method: &str,
        params: Json,
    ) -> Result<Json, Json> {
        let id = self
            .send(session, method, params)
            .unwrap_or_else(|e| panic!("Chromium closed its pipe ({method}): {e}"));
        let deadline = Instant::now() + CALL_TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.from_browser.recv_timeout(left) {
                Ok(reply) if reply["id"] == json!(id) => {
                    return match reply.get("error") {
                        Some(e) => Err(e.clone()),
                        None => Ok(reply["result"].clone()),
                    };
                }
                Ok(event) => self.events.push(event),
                Err(RecvTimeoutError::Timeout) => {
                    panic!("Chromium did not answer {method} within {CALL_TIMEOUT:?}")
                }
                Err(RecvTimeoutError::Disconnected) => panic!("Chromium exited during {method}"),
            }
        }
    }

    /// Writes one command; its id.
    fn send(&mut self, session: Option<&str>, method: &str, params: Json) -> std::io::Result<u64> {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if let Some(s) = session {
            message["sessionId"] = json!(s);
        }
        let mut bytes = serde_json::to_vec(&message).unwrap();
        bytes.push(0);
        self.to_browser.write_all(&bytes).map(|()| id)
    }

    /// A new tab at about:blank, with its session.
    pub fn tab(&mut self) -> Tab {
        let target = self
            .call(None, "Target.createTarget", json!({ "url": "about:blank" }))
            .unwrap()["targetId"]
            .as_str()
            .unwrap()
            .to_string();
        let session = self
            .call(
                None,
                "Target.attachToTarget",
                json!({ "targetId": target, "flatten": true }),
            )
            .unwrap()["sessionId"]
            .as_str()
            .unwrap()
            .to_string();
        self.call(Some(&session), "Page.enable", json!({})).unwrap();
        Tab { session, target }
    }

    pub fn close(&mut self, tab: Tab) {
        let _ = self.call(
            None,
            "Target.closeTarget",
            json!({ "targetId": tab.target }),
        );
    }

    /// Opens `url` in the tab and waits until its scripts have run (the load event).
    pub fn open(&mut self, tab: &Tab, url: &str) {
        let seen = self.events.len();
        let reply = self
            .call(Some(&tab.session), "Page.navigate", json!({ "url": url }))
            .unwrap();
        assert!(reply.get("errorText").is_none(), "{url}: {reply}");
        let deadline = Instant::now() + CALL_TIMEOUT;
        loop {
            let loaded = self.events[seen..].iter().any(|e| {
                e["method"] == "Page.loadEventFired" && e["sessionId"] == json!(tab.session)
            });
            if loaded {
                return;
            }
            match self
                .from_browser
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            {
                Ok(event) => self.events.push(event),
                Err(_) => panic!("{url} did not load"),
            }
        }
    }

    /// Evaluates a script expression in the tab, awaiting it if it is a
    /// promise: its value (as JSON), or the exception's text.
    pub fn eval(&mut self, tab: &Tab, expression: &str) -> Result<Json, String> {
        let reply = self
            .call(
                Some(&tab.session),
                "Runtime.evaluate",
                json!({ "expression": expression, "awaitPromise": true, "returnByValue": true }),
            )
            .map_err(|e| e.to_string())?;
        if let Some(ex) = reply.get("exceptionDetails") {
            let text = ex["exception"]["description"]
                .as_str()
                .or(ex["text"].as_str())
                .unwrap_or("exception")
                .to_string();
            return Err(text);
        }
        Ok(reply["result"]["value"].clone())
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        // Never panics here: the browser may be gone already.
        let _ = self.send(None, "Browser.close", json!({}));
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
