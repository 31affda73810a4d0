//! Fuzz check functions.
