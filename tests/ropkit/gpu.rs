//! Rendering on a real adapter (lavapipe in CI).
