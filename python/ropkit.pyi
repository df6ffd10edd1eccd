"""Build, render and sample raymarched SDF networks made of ROPs.

Type information for the ``ropkit`` extension module (written in Rust with
pyo3). Every class and function documented here is implemented in
``python/src/``; the docstrings match the ones ``help()`` shows.
"""

from os import PathLike
from pathlib import Path
from types import ModuleType
from typing import Any, Iterable, Literal, Sequence, Union, overload

import numpy as np
import numpy.typing as npt

__version__: str
#: The render farm on ``dask.distributed``: ``pack``, ``render_frames``,
#: ``render_tiles``, ``sample``, ``sweep``, ``mesh`` (see README, "On a Dask cluster", and
#: ``help(ropkit.dask)``). Importing it needs no Dask; calling it does.
dask: ModuleType

StrPath = Union[str, PathLike[str]]
#: A parameter value: a number, bool, option/path string, or a vector as a
#: sequence (or numpy array) of numbers.
ParamValue = Union[float, int, bool, str, Sequence[float], npt.ArrayLike]

class RopError(Exception):
    """Base of every ropkit error.

    ``str(err)`` is the located text the command line prints
    (``rops/sdf/sphere/function.glsl:3:13: Unknown function 'lenght' (node /s)``).
    """

    #: The file the problem is in (a ROP code file, a rop.yaml, a network
    #: file), or None when there is none (a network made in Python).
    file: str | None
    #: 1-based line in ``file``, or None.
    line: int | None
    #: 1-based column in ``file``, or None.
    col: int | None
    #: The network node the problem belongs to (``/scene/sphere1``), or None.
    node: str | None
    #: The message without its location.
    message: str
    #: Every problem the error holds (a compile error may hold several), each
    #: a dict with the keys ``file``, ``line``, ``col``, ``node``, ``message``.
    diagnostics: list[dict[str, Any]]

class LibraryError(RopError):
    """A ROP folder or shader file that failed to load."""

class NetworkError(RopError):
    """A network file that cannot be read, or an edit that would break the network."""

class ParamError(RopError):
    """A parameter that does not exist, or a value its style does not take."""

class BuildError(RopError):
    """The network could not be turned into a shader (types, macros, missing inputs)."""

class CompileError(BuildError):
    """The stitched GLSL did not compile; located in the ROP's own file."""

class RenderError(RopError):
    """No GPU adapter, or the GPU refused the shader or the frame."""

def save_png(path: StrPath, image: npt.NDArray[np.uint8]) -> None:
    """Writes ``image``, a uint8 array of shape (height, width, 4) (RGBA) or
    (height, width, 3) (RGB) as :meth:`Network.render` returns it, to a PNG
    file at ``path``. The file is written atomically: a reader never sees half
    a picture and a failed write leaves an existing file as it was."""

def formats() -> list[dict[str, Any]]:
    """Every export format, one dict each, as ropkit's format registry lists
    them: ``name`` (what :meth:`Network.export` takes), ``extension``,
    ``label``, ``text`` (False: bytes), ``source`` (the build it is written
    from: ``layout``, ``shadertoy``, ``engine`` or ``web``),
    ``layout_bound`` (its parameters are bound as the ``json`` layout
    says), ``volumes``, ``textures`` and ``hdr`` (what it carries),
    ``data`` (how data parameters travel: ``texture`` or ``constants``) and
    ``validator`` (what checks it in ropkit's tests)."""

def save_mesh(
    path: StrPath,
    vertices: npt.NDArray[np.float32],
    faces: npt.NDArray[np.uint32],
    normals: npt.NDArray[np.float32],
    colors: npt.NDArray[np.float32],
) -> None:
    """Writes a mesh to ``path``, its format from the extension (``.glb``,
    ``.obj``, ``.stl``, ``.ply``), as ``ropkit mesh`` writes it, atomically:
    ``vertices`` float32 (N, 3), ``faces`` uint32 (M, 3) wound
    counter-clockwise seen from outside, ``normals`` and ``colors`` float32
    (N, 3) (linear RGB, 0 to 1) as :meth:`Network.mesh` returns them."""

class Library:
    """The ROP library: the built-in ROPs (``rops/``), the shader library
    (``shaders/``), plus any extra ROP folders.

    The built-in ROPs come from ``ROPKIT_HOME``, else the current folder or a
    parent holding ``rops/`` and ``shaders/`` (a ropkit checkout), else the
    copy built into the module, so it works from any folder. A project
    folder with its own ``rops/`` and ``ROPKIT_ROPS`` (a path list) add
    folders, as for the command line.
    """

    def __init__(self, paths: Iterable[StrPath] | None = None) -> None:
        """Loads the built-in ROPs plus the ROP folders in ``paths`` (each a
        folder holding ROP folders, at any depth). A folder that fails to load
        does not raise: see :attr:`problems`."""
    @staticmethod
    def at(root: StrPath, paths: Iterable[StrPath] | None = None) -> Library:
        """The library of the folder ``root`` alone, whatever the current
        folder, ``ROPKIT_HOME`` or ``ROPKIT_ROPS`` say: the built-in ROPs and
        shaders from ``root/rops`` and ``root/shaders`` when it holds both,
        else the copy built into the module; plus the ROP folders in
        ``paths``. Texture paths are looked up in ``root`` too. (A render farm
        worker rebuilds a network sent to it this way, in a folder of its own.)"""
    def rops(self, category: str | None = None) -> list[dict[str, Any]]:
        """Every ROP definition as a dict: ``name``, ``category``,
        ``description``, ``keywords``, ``folder``, ``coordTypes``,
        ``returnTypes``, ``contextTypes``, ``params`` (each with ``name``,
        ``label``, ``style``, ``default``, ``min``, ``max`` (the slider),
        ``hardMin``, ``hardMax`` (refused past them; None: unbounded), ``options``,
        ``help``, ``uniform``), ``inputs`` (each with ``name``, ``label``,
        ``required`` and the types it accepts), ``variadic`` and ``output``;
        sorted by name. ``category`` narrows the list to one category."""
    def rop(self, name: str) -> dict[str, Any]:
        """One ROP definition as a dict (see :meth:`rops`). Raises KeyError
        for an unknown ROP."""
    def names(self) -> list[str]:
        """The names of all ROPs, sorted."""
    def categories(self) -> list[str]:
        """The categories, sorted."""
    @property
    def problems(self) -> list[LibraryError]:
        """ROP folders and shader files that failed to load, as
        :class:`LibraryError` instances (not raised) with file and line."""
    @property
    def rop_roots(self) -> list[Path]:
        """The folders ROPs were read from, built-in first."""
    @property
    def root(self) -> Path:
        """The project folder (holding ``rops/``, ``shaders/``, ``presets/``)."""
    @property
    def adapter(self) -> str:
        """The name of the GPU adapter renders run on (opens it if needed)."""
    def __len__(self) -> int: ...
    def __contains__(self, name: str) -> bool: ...

class Build:
    """The outcome of :meth:`Network.build`: the stitched GLSL and its
    parameter layout, or the errors that stopped it."""

    @property
    def ok(self) -> bool:
        """Whether the build succeeded."""
    @property
    def glsl(self) -> str | None:
        """The stitched GLSL fragment shader, or None if the build failed."""
    @property
    def layout(self) -> dict[str, Any] | None:
        """The parameter layout (the JSON export) as a dict: where each
        parameter lives in the uniform block, its default, range and value."""
    @property
    def errors(self) -> list[RopError]:
        """The errors as exception instances (not raised), each with ``file``,
        ``line``, ``col``, ``node`` and ``message``. Empty when the build succeeded."""
    @property
    def warnings(self) -> list[dict[str, Any]]:
        """What the build found worth telling without stopping (a character the
        font has no glyph for), each a dict with ``file``, ``line``, ``node``
        and ``message`` (``file`` and ``line`` are None for a network made in
        a script). Empty when the build failed."""
    def raise_for_errors(self) -> None:
        """Raises the first error, if any (for scripts that prefer exceptions)."""
    @overload
    def export(self, format: Literal["spirv"]) -> bytes:
        """This build in another form (see :meth:`Network.export`)."""
    @overload
    def export(self, format: Literal["glsl", "shadertoy", "json", "wgsl", "html", "hlsl", "msl", "godot", "godot3", "unity", "unreal", "touchdesigner"]) -> str: ...
    def __bool__(self) -> bool: ...

class Network:
    """A network of ROP nodes: load one, build one from scratch, edit it, render
    it, sample its scene, export its shader.

    Node paths look like ``/scene/sphere1``; a parameter is addressed as
    ``"/scene/sphere1.Radius"``. Input slots count from 1, or go by name
    (``"shape"``, ``"a"``, ...).
    """

    def __init__(self, library: Library | None = None) -> None:
        """An empty network. Add nodes with :meth:`add`, wire them with
        :meth:`connect`; the first output ROP added becomes the output."""
    @staticmethod
    def load(path: StrPath, library: Library | None = None) -> Network:
        """Reads a network file (YAML). Raises :class:`NetworkError` with the
        file, line and node when it cannot be read or does not check."""
    @staticmethod
    def from_dict(data: dict[str, Any], library: Library | None = None) -> Network:
        """Makes a network from a dict shaped like a network file:
        ``{"output": "/render", "nodes": {"/sphere1": {"rop": "sphere",
        "params": {...}, "inputs": {...}}, ...}}``."""
    def to_dict(self) -> dict[str, Any]:
        """The network as a dict, the same shape :meth:`from_dict` takes and a
        network file holds (in the canonical form, whatever way the file
        it was loaded from writes it)."""
    def save(self, path: StrPath | None = None) -> None:
        """Writes the network file atomically (a temporary file, then a rename).
        Without ``path`` it writes back to the file it was loaded from; with
        one, later saves go there. A network loaded from a file is written as
        that file with only what changed edited: comments, key order and the
        way values are written stay."""
    def add(self, rop: str, path: str | None = None, **params: ParamValue) -> str:
        """Adds a node of ROP ``rop`` and returns its path. ``path`` defaults to
        a fresh one from the ROP's name (``/sphere1``); keyword arguments set
        parameters (``net.add("sphere", Radius=0.5)``)."""
    def connect(self, src: str, dst: str, input: int | str = 1) -> None:
        """Wires node ``src`` into input ``input`` of node ``dst`` (a slot
        number from 1, or the input's name), replacing what was there.
        Raises :class:`NetworkError` for a wire that cannot type-check or
        would make a cycle."""
    def disconnect(self, dst: str, input: int | str = 1) -> None:
        """Empties input ``input`` (slot from 1, or name) of node ``dst``."""
    def remove(self, path: str) -> None:
        """Removes a node and every wire from it (not the output)."""
    def rename(self, path: str, new_path: str) -> str:
        """Moves a node to a new path, rewiring its users; returns the new path."""
    def set(self, target: str, value: ParamValue) -> None:
        """Sets a parameter: ``net.set("/scene/sphere1.Radius", 1.2)``. Vectors
        take sequences or numpy arrays, menus an option name. Changing a
        value kept in the uniform buffer never rebuilds the shader."""
    def get(self, target: str) -> float | int | bool | str | tuple[float, ...]:
        """The value in effect for a parameter (the node's own or the ROP's
        default): a float, int, bool, str or tuple of floats."""
    @property
    def output(self) -> str:
        """The node the picture comes from."""
    @output.setter
    def output(self, path: str) -> None: ...
    @property
    def nodes(self) -> dict[str, str]:
        """Node paths mapped to their ROP names."""
    @property
    def file(self) -> Path:
        """The file the network was loaded from or last saved to."""
    @property
    def library(self) -> Library:
        """The library the network's ROPs come from."""
    @property
    def stats(self) -> dict[str, int]:
        """What edits and renders have cost: ``shader_builds``,
        ``failed_builds``, ``param_updates`` (uniform-only changes),
        ``pipeline_creations``, ``pipeline_cache_hits``, ``frames``."""
    def build(self) -> Build:
        """Stitches and compiles the network as it is now. Never raises for a
        broken network: the errors are in :attr:`Build.errors`."""
    @overload
    def render(
        self, width: int, height: int, time: float = 0.0, buffer: Literal["color"] = "color"
    ) -> npt.NDArray[np.uint8]:
        """Renders the network to a numpy array of shape (height, width, 4),
        top row first. ``time`` is the shader's time in seconds. ``buffer``
        picks the output buffer of a raymarch output: ``color`` gives uint8
        RGBA; the data buffers give float32 with alpha 1 where the ray hit:
        ``depth`` (distance along the ray), ``normal`` (unit normal),
        ``material`` (id, second id, blend; -1 on a miss), ``steps``,
        ``nearHit`` (closest approach), ``worldPosition`` (the hit point),
        ``rayDirection`` and ``rayOrigin`` (the camera ray), ``objectId`` (the
        id an objectId node gave the surface, 0 untagged, -1 on a miss), ``sdf``
        (distance, material, second material, blend at the hit), ``iteration``
        (which copy of a repeat), ``uv`` (surface coordinates) and ``debug`` (a
        debugValue node's value), ``orbitTrap`` (a fractal's orbit trap). The GIL is released while the GPU
        works. Raises :class:`BuildError` (or :class:`CompileError`) when the
        network does not build."""
    @overload
    def render(
        self,
        width: int,
        height: int,
        time: float = 0.0,
        *,
        buffer: Literal["depth", "normal", "material", "steps", "nearHit", "worldPosition", "rayDirection", "rayOrigin", "objectId", "sdf", "iteration", "uv", "debug", "orbitTrap"],
    ) -> npt.NDArray[np.float32]: ...
    @overload
    def render(
        self,
        width: int,
        height: int,
        time: float,
        buffer: Literal["depth", "normal", "material", "steps", "nearHit", "worldPosition", "rayDirection", "rayOrigin", "objectId", "sdf", "iteration", "uv", "debug", "orbitTrap"],
    ) -> npt.NDArray[np.float32]: ...
    def sample(
        self, points: npt.ArrayLike
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int32]]:
        """Evaluates the scene (the output's first input) at points: an array
        of shape (N, 3), or (N, 2) for 2D scenes. Returns ``(distances,
        material_ids)``: float32 and int32 arrays of length N. The GIL is
        released while the GPU works."""
    def mesh(
        self,
        resolution: int = 128,
        bounds: Sequence[float] | None = None,
        node: str | None = None,
        blocks: Sequence[int] | None = None,
        keys: bool = False,
    ) -> tuple[npt.NDArray[Any], ...]:
        """Meshes the scene (the output's first input, or ``node``) by dual
        contouring on a grid of ``resolution`` cells along the longest side
        of ``bounds`` (six numbers ``x0, y0, z0, x1, y1, z1``; found from the
        SDF when None). Returns ``(vertices, faces, normals, colors)``:
        float32 (N, 3), uint32 (M, 3) wound counter-clockwise seen from
        outside, float32 (N, 3) unit normals, float32 (N, 3) linear RGB base
        colours of the materials. The mesh is closed where the surface stays
        inside the bounds. ``blocks`` (six integers ``x0, y0, z0, x1, y1,
        z1``, a half-open range of blocks of 16 cells of that grid) extracts
        only those blocks: a brick of a mesh made in pieces, holding the
        whole mesh's triangles that its blocks own (an empty brick gives
        empty arrays). With ``keys`` a fifth array follows: each vertex's
        place in the grid as uint64 (cell x, y, z in 16 bits each from bit
        2, which polygon of the cell in bits 0-1), equal across the bricks
        of one grid, by which bricks are joined. Raises ValueError for a
        bad resolution, bounds or blocks, :class:`RenderError` when there is
        no surface to mesh. The GIL is released while the GPU works."""
    def mesh_grid(
        self,
        resolution: int = 128,
        bounds: Sequence[float] | None = None,
        node: str | None = None,
    ) -> dict[str, Any]:
        """The box and grid :meth:`mesh` uses at ``resolution`` (``bounds`` as
        given, else found from the SDF on the GPU): a dict of ``bounds`` (six
        floats, to hand back to :meth:`mesh` so that every brick has the same
        grid), ``cells`` and ``blocks`` (per axis; a block is 16 cells) and
        ``step`` (a cell's side)."""
    @overload
    def export(self, format: Literal["spirv"]) -> bytes:
        """The shader in another form: ``glsl``, ``shadertoy`` (a Shadertoy
        image pass), ``json`` (the parameter layout), ``wgsl``, ``html`` (a
        self-contained web page), ``hlsl``, ``msl``, the engine formats
        ``godot``, ``godot3``, ``unity``, ``unreal``, ``touchdesigner`` (str),
        or ``spirv`` (bytes). Raises :class:`BuildError` if it does not build
        or the format cannot carry what the network uses."""
    @overload
    def export(self, format: Literal["glsl", "shadertoy", "json", "wgsl", "html", "hlsl", "msl", "godot", "godot3", "unity", "unreal", "touchdesigner"]) -> str: ...
    def data_texture(self, format: str) -> dict[str, Any] | None:
        """The data texture an engine format reads (``godot``, ``godot3``,
        ``unity``, ``unreal``, ``touchdesigner``), to be written beside the
        shader: ``extension`` (``data.tres`` or ``data.exr``: what replaces
        the shader file's extension), ``bytes``, ``width`` and ``height`` (in
        texels); None for a network without data parameters or a format that
        binds them itself. Raises :class:`BuildError` if it does not build."""
    def _repr_png_(self) -> bytes | None:
        """The picture as PNG bytes (256x256), so that a notebook shows a
        network by its picture; None when it does not render, and the
        notebook shows the text form instead."""
    def __contains__(self, path: str) -> bool: ...
    def __len__(self) -> int: ...

class Frames:
    """A network's frames as ``ropkit render`` draws them: the parameters are
    baked into the shader (a later edit of the network does not change it),
    the pipeline is built once, and each frame sets only time and frame
    number. ``buffer`` picks a buffer of a raymarch output, as ``--buffer``
    does; ``data=True`` draws its raw 32-bit floats (what ``ropkit render``
    writes to an ``.exr`` file) instead of the picture."""

    def __init__(self, network: Network, buffer: str | None = None, data: bool = False) -> None: ...
    def render(
        self,
        width: int,
        height: int,
        time: float = 0.0,
        frame: int = 0,
        tile: tuple[int, int, int, int] | None = None,
    ) -> npt.NDArray[Any]:
        """One frame at ``time`` seconds with frame number ``frame`` (the
        shader's ``iFrame``), of a ``width`` x ``height`` picture; ``tile``
        ``(x, y, w, h)`` draws only that rectangle of it (top-left origin),
        pixel for pixel what the whole picture holds there. Returns uint8
        (h, w, 4) RGBA, or float32 with ``data=True``. The GIL is released
        while the GPU works."""
    def encode(
        self,
        width: int,
        height: int,
        time: float = 0.0,
        frame: int = 0,
        tile: tuple[int, int, int, int] | None = None,
    ) -> bytes:
        """The frame (or tile) as the file ``ropkit render`` writes: PNG bytes,
        or OpenEXR bytes with ``data=True``. Same arguments as :meth:`render`."""
    @property
    def data(self) -> bool:
        """Whether frames are raw floats (``data=True``) rather than pictures."""
    @property
    def stats(self) -> dict[str, int]:
        """Pipelines built and frames drawn: ``pipeline_creations``, ``frames``."""
