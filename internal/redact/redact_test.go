package redact

import (
	"strings"
	"testing"
)

// TestURL drops the user name and password of an address.
func TestURL(t *testing.T) {
	for in, want := range map[string]string{
		"https://sophia.example.com":              "https://sophia.example.com",
		"https://u:p@sophia.example.com/x?y=1":    "https://[redacted]@sophia.example.com/x?y=1",
		"http://only-user@127.0.0.1:7777":         "http://[redacted]@127.0.0.1:7777",
		"https://u:p%40ss@host":                   "https://[redacted]@host",
		"not a url":                               "not a url",
		"https://u:p@ss@host/":                    "https://[redacted]@host/",
		"https://u:p@host/\x7f":                   "https://[redacted]@host/\x7f",
		"https://user:sec ret@sophia.example.com": "https://[redacted]@sophia.example.com",
	} {
		if got := URL(in); got != want {
			t.Errorf("URL(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestText finds addresses with credentials inside messages.
func TestText(t *testing.T) {
	for in, want := range map[string]string{
		"no url here: a:b@c": "no url here: a:b@c",
		`Post "https://u:hunter2@host/g/x/sessions": refused`: `Post "https://[redacted]@host/g/x/sessions": refused`,
		"two: http://a:b@h1/ and https://c:d@e@h2?q=@":        "two: http://[redacted]@h1/ and https://[redacted]@h2?q=@",
		"mail me: https://host/path?to=a@b":                   "mail me: https://host/path?to=a@b",
	} {
		if got := Text(in); got != want {
			t.Errorf("Text(%q) = %q, want %q", in, got, want)
		}
		if strings.Contains(Text(in), "hunter2") {
			t.Errorf("the password survived in %q", Text(in))
		}
	}
}
