// Package redact keeps the credentials a URL may carry out of what vehicle
// prints. A gardend address may hold a user name and password
// (https://user:secret@host); every error, diagnostic line and frame that
// names an address prints it through URL, and Text catches an address
// inside any other message.
package redact

import (
	"net/url"
	"regexp"
	"strings"
)

// Mark stands in for the user information of a URL that is printed.
const Mark = "[redacted]"

// URL is the address s with its user information (user name and password)
// replaced by Mark; s unchanged when it has none. An address that does not
// parse loses whatever stands before its host's last '@'.
func URL(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return authority(s)
	}
	if u.User == nil {
		return s
	}
	u.User = nil
	out := u.String()
	if i := len(u.Scheme) + len("://"); u.Scheme != "" && len(out) >= i && out[i-3:i] == "://" {
		return out[:i] + Mark + "@" + out[i:]
	}
	return out
}

// authority redacts the user information of an address that does not
// parse: whatever comes before the last '@' of the part after "://" up to
// the first '/', '?' or '#'.
func authority(s string) string {
	i := strings.Index(s, "://")
	if i < 0 {
		return s
	}
	start := i + len("://")
	end := len(s)
	if j := strings.IndexAny(s[start:], "/?#"); j >= 0 {
		end = start + j
	}
	at := strings.LastIndexByte(s[start:end], '@')
	if at < 0 {
		return s
	}
	return s[:start] + Mark + s[start+at:]
}

// userinfo finds the user information of URLs within text: a scheme,
// "://", then everything up to the last '@' before the host (no '/', '?',
// '#' or space on the way).
var userinfo = regexp.MustCompile(`([A-Za-z][A-Za-z0-9+.-]*://)[^/?#\s@]*(?:@[^/?#\s@]*)*@`)

// Text replaces the user information of every URL within text by Mark:
// "cannot reach https://u:p@host/x" becomes "cannot reach
// https://[redacted]@host/x".
func Text(text string) string {
	if !strings.Contains(text, "://") {
		return text
	}
	return userinfo.ReplaceAllString(text, "${1}"+Mark+"@")
}
