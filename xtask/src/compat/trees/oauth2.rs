// A program on oauth2 (default features): the authorization URL with its query, built through
// `url::Url` and `query_pairs_mut`. No network.
use oauth2::basic::BasicClient;
use oauth2::{
    AuthUrl, ClientId, ClientSecret, CsrfToken, PkceCodeChallenge, PkceCodeVerifier,
    RedirectUrl, Scope, TokenUrl,
};

fn main() {
    let client = BasicClient::new(ClientId::new("client id".to_owned()))
        .set_client_secret(ClientSecret::new("secret".to_owned()))
        .set_auth_uri(
            AuthUrl::new("https://auth.example.com/oauth/authorize?prompt=consent".to_owned())
                .unwrap(),
        )
        .set_token_uri(TokenUrl::new("https://auth.example.com/oauth/token".to_owned()).unwrap())
        .set_redirect_uri(
            RedirectUrl::new("http://localhost:8080/call back".to_owned()).unwrap(),
        );
    let verifier = PkceCodeVerifier::new("a".repeat(50));
    let challenge = PkceCodeChallenge::from_code_verifier_sha256(&verifier);
    let (url, state) = client
        .authorize_url(|| CsrfToken::new("state 1&2".to_owned()))
        .add_scope(Scope::new("read:user".to_owned()))
        .add_scope(Scope::new("repo".to_owned()))
        .set_pkce_challenge(challenge)
        .url();
    println!("authorize: {url}");
    println!("state: {}", state.secret());
    println!("redirect: {}", client.redirect_uri().map(|u| u.url().as_str()).unwrap_or("-"));
}
