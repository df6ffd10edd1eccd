//! ropkit errors as Python exceptions. Every class derives from `RopError`
//! and carries where the problem is: `file`, `line`, `col`, `node` and the
//! bare `message`; `str(err)` is the located text the CLI prints.

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use ropkit::build::{BuildError as RkBuildError, Located};
use ropkit::library::LibraryError as RkLibraryError;
use ropkit::live::LiveError;
use ropkit::location::Location;
use ropkit::network::NetworkError as RkNetworkError;
use ropkit::render::RenderError as RkRenderError;
use ropkit::sample::SampleError;
use std::path::Path;

create_exception!(
    ropkit,
    RopError,
    PyException,
    "Base of every ropkit error. Attributes: file, line, col, node, message, diagnostics."
);
create_exception!(
    ropkit,
    LibraryError,
    RopError,
    "A ROP folder or shader file that failed to load."
);
create_exception!(
    ropkit,
    NetworkError,
    RopError,
    "A network file that cannot be read, or an edit that would break the network."
);
create_exception!(
    ropkit,
    ParamError,
    RopError,
    "A parameter that does not exist, or a value its style does not take."
);
create_exception!(
    ropkit,
    BuildError,
    RopError,
    "The network could not be turned into a shader (types, macros, missing inputs)."
);
create_exception!(
    ropkit,
    CompileError,
    BuildError,
    "The stitched GLSL did not compile; located in the ROP's own file."
);
create_exception!(
    ropkit,
    RenderError,
    RopError,
    "No GPU adapter, or the GPU refused the shader or the frame."
);

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("RopError", py.get_type::<RopError>())?;
    m.add("LibraryError", py.get_type::<LibraryError>())?;
    m.add("NetworkError", py.get_type::<NetworkError>())?;
    m.add("ParamError", py.get_type::<ParamError>())?;
    m.add("BuildError", py.get_type::<BuildError>())?;
    m.add("CompileError", py.get_type::<CompileError>())?;
    m.add("RenderError", py.get_type::<RenderError>())?;
    Ok(())
}

/// Which exception class an error becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Library,
    Network,
    Param,
    Build,
    Compile,
    Render,
}

/// An error on its way to Python: the located text plus its parts.
pub struct Problem {
    pub kind: Kind,
    pub text: String,
    pub locations: Vec<Located>,
}

impl Problem {
    pub fn new(kind: Kind, text: impl Into<String>, at: Located) -> Problem {
        Problem {
            kind,
            text: text.into(),
            locations: vec![at],
        }
    }

    /// A problem whose text is made from its one location.
    fn located(kind: Kind, at: Located) -> Problem {
        Problem::new(kind, describe(&at), at)
    }

    /// A problem with no place in any file (a wrong argument, say).
    pub fn bare(kind: Kind, message: impl Into<String>) -> Problem {
        Problem::located(
            kind,
            Located {
                at: Location::default(),
                node: None,
                message: message.into(),
            },
        )
    }

    /// An edit of a network refused for `message`. `file` is the network's
    /// file (None for a network made in Python) and `line` the node's line in
    /// it, when the node came from that file; nothing is invented otherwise.
    pub fn edit(
        kind: Kind,
        file: Option<&Path>,
        line: Option<usize>,
        node: Option<&str>,
        message: impl ToString,
    ) -> Problem {
        let message = message.to_string();
        let line = file.and(line).unwrap_or(0);
        Problem::located(
            kind,
            Located {
                at: Location {
                    file: file.map(Path::to_path_buf),
                    line,
                    col: usize::from(line > 0),
                },
                node: node.map(str::to_string),
                message,
            },
        )
    }

    /// The exception instance, with its attributes set.
    pub fn to_pyerr(&self, py: Python<'_>) -> PyErr {
        let err = match self.kind {
            Kind::Library => LibraryError::new_err(self.text.clone()),
            Kind::Network => NetworkError::new_err(self.text.clone()),
            Kind::Param => ParamError::new_err(self.text.clone()),
            Kind::Build => BuildError::new_err(self.text.clone()),
            Kind::Compile => CompileError::new_err(self.text.clone()),
            Kind::Render => RenderError::new_err(self.text.clone()),
        };
        if let Err(e) = self.annotate(err.value(py)) {
            return e;
        }
        err
    }

    fn annotate(&self, value: &Bound<'_, pyo3::exceptions::PyBaseException>) -> PyResult<()> {
        let py = value.py();
        let first = self.locations.first();
        let file = first
            .and_then(|l| l.at.file.as_ref())
            .map(|f| f.display().to_string());
        value.setattr("file", file)?;
        value.setattr("line", first.map(|l| l.at.line).filter(|l| *l > 0))?;
        value.setattr("col", first.map(|l| l.at.col).filter(|c| *c > 0))?;
        value.setattr("node", first.and_then(|l| l.node.clone()))?;
        value.setattr(
            "message",
            first
                .map(|l| l.message.clone())
                .unwrap_or_else(|| self.text.clone()),
        )?;
        let diagnostics = self
            .locations
            .iter()
            .map(|l| location_dict(py, l))
            .collect::<PyResult<Vec<_>>>()?;
        value.setattr("diagnostics", diagnostics)?;
        Ok(())
    }
}

/// `file:line:col: message (node n)`, leaving out what the location lacks
/// (line 0 means no line).
fn describe(l: &Located) -> String {
    // A line without a file (generated text) is not worth printing.
    let prefix = match &l.at.file {
        Some(_) => format!("{}: ", l.at),
        None => String::new(),
    };
    let node = l.node.as_ref().map(|n| format!(" (node {n})"));
    format!("{prefix}{}{}", l.message, node.unwrap_or_default())
}

fn location_dict<'py>(py: Python<'py>, l: &Located) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("file", l.at.file.as_ref().map(|f| f.display().to_string()))?;
    d.set_item("line", Some(l.at.line).filter(|l| *l > 0))?;
    d.set_item("col", Some(l.at.col).filter(|c| *c > 0))?;
    d.set_item("node", l.node.clone())?;
    d.set_item("message", l.message.clone())?;
    Ok(d)
}

/// Whether `file` is a stand-in name such as `<python>` or `<dict>` (a
/// network made in a script), not a file anyone could open.
pub fn is_pseudo_file(file: &Path) -> bool {
    file.to_string_lossy().starts_with('<')
}

impl Problem {
    /// Drops stand-in file names and the lines that go with them: a network
    /// made in Python has no file, so its errors name the node alone.
    fn without_pseudo_files(mut self) -> Problem {
        for l in &mut self.locations {
            if l.at.file.as_deref().is_some_and(is_pseudo_file) {
                l.at = Location::default();
            }
        }
        if self.text.starts_with('<')
            && let Some(l) = self.locations.first()
        {
            self.text = describe(l);
        }
        self
    }
}

impl From<&RkBuildError> for Problem {
    fn from(e: &RkBuildError) -> Problem {
        let kind = match e {
            RkBuildError::Network(_) => Kind::Network,
            RkBuildError::Compile(_) => Kind::Compile,
            _ => Kind::Build,
        };
        Problem {
            kind,
            text: e.report(),
            locations: e.locations(),
        }
        .without_pseudo_files()
    }
}

impl From<&RkNetworkError> for Problem {
    fn from(e: &RkNetworkError) -> Problem {
        Problem::new(
            Kind::Network,
            e.to_string(),
            Located {
                at: e.at.clone(),
                node: e.node.clone(),
                message: e.message.clone(),
            },
        )
        .without_pseudo_files()
    }
}

impl From<&RkRenderError> for Problem {
    fn from(e: &RkRenderError) -> Problem {
        match e {
            RkRenderError::Texture {
                path,
                message,
                site,
            } => Problem::new(
                Kind::Render,
                e.to_string(),
                match site {
                    // A network made in Python has no file: the texture's
                    // path is the file then.
                    Some(s) => Located {
                        at: if s.at.path().as_os_str().is_empty() {
                            Location::new(path, 0, 0)
                        } else {
                            s.at.clone()
                        },
                        node: Some(s.node.clone()),
                        message: format!(
                            "parameter {}: {}: cannot load texture: {message}",
                            s.param,
                            path.display()
                        ),
                    },
                    None => Located {
                        at: Location::new(path, 0, 0),
                        node: None,
                        message: message.clone(),
                    },
                },
            ),
            _ => Problem::bare(Kind::Render, e.to_string()),
        }
    }
}

impl From<&RkLibraryError> for Problem {
    fn from(e: &RkLibraryError) -> Problem {
        Problem::new(
            Kind::Library,
            e.to_string(),
            Located {
                at: e.at.clone(),
                node: None,
                message: e.message.clone(),
            },
        )
    }
}

impl From<&LiveError> for Problem {
    fn from(e: &LiveError) -> Problem {
        match e {
            LiveError::Network(e) => e.into(),
            LiveError::Build(e) => e.into(),
            LiveError::Render(e) => e.into(),
            LiveError::Edit(m) => Problem::bare(Kind::Param, m.to_string()),
        }
    }
}

impl From<&SampleError> for Problem {
    fn from(e: &SampleError) -> Problem {
        match e {
            SampleError::Build(e) => e.into(),
            SampleError::Render(e) => e.into(),
        }
    }
}
