//! Not API: hooks for the workspace's tests and fuzz targets (feature `testing`, no stability
//! promise). Each runs a setter's own steps (url-core's `setter_steps.rs`) with the
//! state-override shortcuts turned off, so that a fuzz target compares the shortcut path with
//! the general state machine through the same steps instead of a copy of them.

use crate::SetterError;
use crate::url::Url;

impl Url {
    /// [`Url::try_set_pathname`] with the general state machine alone.
    #[doc(hidden)]
    pub fn try_set_pathname_without_shortcuts(&mut self, value: &str) -> Result<(), SetterError> {
        self.inner.try_set_pathname_without_shortcuts(value)
    }

    /// [`Url::try_set_search`] with the general state machine alone.
    #[doc(hidden)]
    pub fn try_set_search_without_shortcuts(&mut self, value: &str) -> Result<(), SetterError> {
        self.inner.try_set_search_without_shortcuts(value)
    }

    /// [`Url::try_set_hash`] with the general state machine alone.
    #[doc(hidden)]
    pub fn try_set_hash_without_shortcuts(&mut self, value: &str) -> Result<(), SetterError> {
        self.inner.try_set_hash_without_shortcuts(value)
    }

    /// [`Url::try_set_hostname`] with the general state machine alone.
    #[doc(hidden)]
    pub fn try_set_hostname_without_shortcuts(&mut self, value: &str) -> Result<(), SetterError> {
        self.inner.try_set_hostname_without_shortcuts(value)
    }
}
