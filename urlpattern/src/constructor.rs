//! 1.6 Constructor string parsing: `"https://*.example.com/books/:id"` into a `URLPatternInit`.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use whatwg_url::any_special_scheme;

use crate::canon::Canon;
use crate::component::Component;
use crate::engine::RegexEngine;
use crate::error::Error;
use crate::init::UrlPatternInit;
use crate::name::ComponentName;
use crate::parser::Options;
use crate::tokenizer::{Policy, Token, TokenType, tokenize};

/// The constructor string parser's states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Init,
    Protocol,
    Authority,
    Username,
    Password,
    Hostname,
    Port,
    Pathname,
    Search,
    Hash,
    Done,
}

struct Parser<'a> {
    input: &'a str,
    tokens: Vec<Token<'a>>,
    result: UrlPatternInit,
    component_start: usize,
    token_index: usize,
    token_increment: usize,
    group_depth: usize,
    /// Signed, as in the standard: a `]` before any `[` makes it negative.
    hostname_ipv6_bracket_depth: isize,
    protocol_matches_special_scheme: bool,
    state: State,
}

impl<'a> Parser<'a> {
    /// Change state.
    fn change_state(&mut self, new_state: State, skip: usize) {
        use State::*;
        let component = self.make_component_string();
        match self.state {
            Protocol => self.result.protocol = Some(component),
            Username => self.result.username = Some(component),
            Password => self.result.password = Some(component),
            Hostname => self.result.hostname = Some(component),
            Port => self.result.port = Some(component),
            Pathname => self.result.pathname = Some(component),
            Search => self.result.search = Some(component),
            Hash => self.result.hash = Some(component),
            Init | Authority | Done => {}
        }
        if self.state != Init && new_state != Done {
            let r = &mut self.result;
            if matches!(self.state, Protocol | Authority | Username | Password)
                && matches!(new_state, Port | Pathname | Search | Hash)
                && r.hostname.is_none()
            {
                r.hostname = Some(String::new());
            }
            if matches!(
                self.state,
                Protocol | Authority | Username | Password | Hostname | Port
            ) && matches!(new_state, Search | Hash)
                && r.pathname.is_none()
            {
                r.pathname = Some(if self.protocol_matches_special_scheme {
                    "/".to_string()
                } else {
                    String::new()
                });
            }
            if matches!(
                self.state,
                Protocol | Authority | Username | Password | Hostname | Port | Pathname
            ) && new_state == Hash
                && r.search.is_none()
            {
                r.search = Some(String::new());
            }
        }
        self.state = new_state;
        self.token_index += skip;
        self.component_start = self.token_index;
        self.token_increment = 0;
    }

    /// Rewind.
    fn rewind(&mut self) {
        self.token_index = self.component_start;
        self.token_increment = 0;
    }

    /// Rewind and set state.
    fn rewind_and_set_state(&mut self, state: State) {
        self.rewind();
        self.state = state;
    }

    /// Get a safe token: past the end, the last (`end`) token.
    fn safe_token(&self, index: usize) -> Token<'a> {
        let last = self.tokens.len().saturating_sub(1);
        self.tokens
            .get(index)
            .or_else(|| self.tokens.get(last))
            .copied()
            .unwrap_or(Token {
                kind: TokenType::End,
                index: self.input.len(),
                value: "",
            })
    }

    /// Is a non-special pattern char.
    fn is_non_special_pattern_char(&self, index: usize, value: &str) -> bool {
        let token = self.safe_token(index);
        token.value == value
            && matches!(
                token.kind,
                TokenType::Char | TokenType::EscapedChar | TokenType::InvalidChar
            )
    }

    fn here_is(&self, value: &str) -> bool {
        self.is_non_special_pattern_char(self.token_index, value)
    }

    /// Next is authority slashes.
    fn next_is_authority_slashes(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index + 1, "/")
            && self.is_non_special_pattern_char(self.token_index + 2, "/")
    }

    /// Is a search prefix.
    fn is_search_prefix(&self) -> bool {
        if self.here_is("?") {
            return true;
        }
        if self.safe_token(self.token_index).value != "?" {
            return false;
        }
        let Some(previous_index) = self.token_index.checked_sub(1) else {
            return true;
        };
        let previous = self.safe_token(previous_index);
        !matches!(
            previous.kind,
            TokenType::Name | TokenType::Regexp | TokenType::Close | TokenType::Asterisk
        )
    }

    /// Make a component string: the input from the component start's token to the current.
    fn make_component_string(&self) -> String {
        let end = self.safe_token(self.token_index).index;
        let start = self.safe_token(self.component_start).index;
        self.input.get(start..end).unwrap_or("").to_string()
    }

    /// Compute protocol matches a special scheme flag.
    fn compute_protocol_matches_special_scheme<E: RegexEngine>(
        &mut self,
        engine: &E,
    ) -> Result<(), Error> {
        let protocol = self.make_component_string();
        let component: Component<E::Regex> = Component::compile(
            &protocol,
            Canon::Protocol,
            Options::DEFAULT,
            engine,
            ComponentName::Protocol,
        )?;
        if any_special_scheme(|scheme| component.test(engine, scheme)) {
            self.protocol_matches_special_scheme = true;
        }
        Ok(())
    }
}

/// Parse a constructor string.
pub(crate) fn parse_constructor_string<E: RegexEngine>(
    input: &str,
    engine: &E,
) -> Result<UrlPatternInit, Error> {
    let mut p = Parser {
        input,
        tokens: tokenize(input, Policy::Lenient)?,
        result: UrlPatternInit::default(),
        component_start: 0,
        token_index: 0,
        token_increment: 1,
        group_depth: 0,
        hostname_ipv6_bracket_depth: 0,
        protocol_matches_special_scheme: false,
        state: State::Init,
    };
    while p.token_index < p.tokens.len() {
        p.token_increment = 1;
        let token = p.safe_token(p.token_index);
        if token.kind == TokenType::End {
            if p.state == State::Init {
                // No protocol terminator: a relative constructor string.
                p.rewind();
                if p.here_is("#") {
                    p.change_state(State::Hash, 1);
                } else if p.is_search_prefix() {
                    p.change_state(State::Search, 1);
                } else {
                    p.change_state(State::Pathname, 0);
                }
                p.token_index += p.token_increment;
                continue;
            }
            if p.state == State::Authority {
                // No `@`: no username or password.
                p.rewind_and_set_state(State::Hostname);
                p.token_index += p.token_increment;
                continue;
            }
            p.change_state(State::Done, 0);
            break;
        }
        // Code points inside `{ … }` are never component boundaries.
        if token.kind == TokenType::Open {
            p.group_depth += 1;
            p.token_index += p.token_increment;
            continue;
        }
        if p.group_depth > 0 {
            if token.kind == TokenType::Close {
                p.group_depth -= 1;
            } else {
                p.token_index += p.token_increment;
                continue;
            }
        }
        match p.state {
            State::Init => {
                if p.here_is(":") {
                    p.rewind_and_set_state(State::Protocol);
                }
            }
            State::Protocol => {
                if p.here_is(":") {
                    p.compute_protocol_matches_special_scheme(engine)?;
                    let (next_state, skip) = if p.next_is_authority_slashes() {
                        (State::Authority, 3)
                    } else if p.protocol_matches_special_scheme {
                        (State::Authority, 1)
                    } else {
                        (State::Pathname, 1)
                    };
                    p.change_state(next_state, skip);
                }
            }
            State::Authority => {
                if p.here_is("@") {
                    p.rewind_and_set_state(State::Username);
                } else if p.here_is("/") || p.is_search_prefix() || p.here_is("#") {
                    p.rewind_and_set_state(State::Hostname);
                }
            }
            State::Username => {
                if p.here_is(":") {
                    p.change_state(State::Password, 1);
                } else if p.here_is("@") {
                    p.change_state(State::Hostname, 1);
                }
            }
            State::Password => {
                if p.here_is("@") {
                    p.change_state(State::Hostname, 1);
                }
            }
            State::Hostname => {
                if p.here_is("[") {
                    p.hostname_ipv6_bracket_depth += 1;
                } else if p.here_is("]") {
                    p.hostname_ipv6_bracket_depth -= 1;
                } else if p.here_is(":") && p.hostname_ipv6_bracket_depth == 0 {
                    p.change_state(State::Port, 1);
                } else if p.here_is("/") {
                    p.change_state(State::Pathname, 0);
                } else if p.is_search_prefix() {
                    p.change_state(State::Search, 1);
                } else if p.here_is("#") {
                    p.change_state(State::Hash, 1);
                }
            }
            State::Port => {
                if p.here_is("/") {
                    p.change_state(State::Pathname, 0);
                } else if p.is_search_prefix() {
                    p.change_state(State::Search, 1);
                } else if p.here_is("#") {
                    p.change_state(State::Hash, 1);
                }
            }
            State::Pathname => {
                if p.is_search_prefix() {
                    p.change_state(State::Search, 1);
                } else if p.here_is("#") {
                    p.change_state(State::Hash, 1);
                }
            }
            State::Search => {
                if p.here_is("#") {
                    p.change_state(State::Hash, 1);
                }
            }
            State::Hash | State::Done => {}
        }
        p.token_index += p.token_increment;
    }
    if p.result.hostname.is_some() && p.result.port.is_none() {
        p.result.port = Some(String::new());
    }
    Ok(p.result)
}
