//! Not API: hooks for the workspace's tests and fuzz targets (feature `testing`, no stability
//! promise). Each runs a setter's own steps (`setters.rs`) with url-core's state-override
//! shortcuts turned off, so that a fuzz target compares the shortcut path with the general
//! state machine through the same steps instead of a copy of them.

use crate::setter_error::SetterError;
use crate::setters::Shortcuts;
use crate::url::Url;

impl Url {
    /// [`Url::try_set_pathname`] with the general state machine alone.
    #[doc(hidden)]
    pub fn try_set_pathname_without_shortcuts(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_pathname_with(value, Shortcuts::Skipped)
    }

    /// [`Url::try_set_search`] with the general state machine alone.
    #[doc(hidden)]
    pub fn try_set_search_without_shortcuts(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_search_with(value, Shortcuts::Skipped)
    }

    /// [`Url::try_set_hash`] with the general state machine alone.
    #[doc(hidden)]
    pub fn try_set_hash_without_shortcuts(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_hash_with(value, Shortcuts::Skipped)
    }

    /// [`Url::try_set_hostname`] with the general state machine alone.
    #[doc(hidden)]
    pub fn try_set_hostname_without_shortcuts(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_host_or_hostname(value, url_core::StateOverride::Hostname, Shortcuts::Skipped)
    }
}
