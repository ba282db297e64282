package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

const (
	secretToken   = "tok-3f9c-secret"
	secretKey     = "sk-or-v1-9d2e-secret"
	secretVisitor = "visitor-77aa-secret"
)

// witness is a host that records every request's credential headers.
type witness struct {
	*httptest.Server
	mu   sync.Mutex
	seen []http.Header
}

func newWitness(t *testing.T, tls bool) *witness {
	w := &witness{}
	h := http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		w.mu.Lock()
		w.seen = append(w.seen, r.Header.Clone())
		w.mu.Unlock()
		rw.Header().Set("Content-Type", "application/json")
		_, _ = rw.Write([]byte(`{"protocol":"sophia.vehicle-ride.v2","type":"session.list","value":{"sessions":[]}}`))
	})
	if tls {
		w.Server = httptest.NewTLSServer(h)
	} else {
		w.Server = httptest.NewServer(h)
	}
	t.Cleanup(w.Close)
	return w
}

func (w *witness) requests() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.seen)
}

// redirector answers every request with a 307 to target (plus the path).
func redirector(t *testing.T, target string, hits *int, mu *sync.Mutex) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		*hits++
		mu.Unlock()
		http.Redirect(w, r, target+r.URL.Path, http.StatusTemporaryRedirect)
	})
}

// TestRedirectsKeepCredentialsHome: a host that redirects to another port,
// another host name or from https to http gets a *client.RedirectError naming
// where it pointed, once (no retry); the other address sees no request, so no
// Authorization, X-Model-Key or X-Visitor-Id. A redirect within the origin is
// followed.
func TestRedirectsKeepCredentialsHome(t *testing.T) {
	plain := newWitness(t, false)
	otherHost := strings.Replace(plain.URL, "127.0.0.1", "localhost", 1)
	cases := []struct {
		name, target string
		tls          bool
		reason       string
	}{
		{"another port", plain.URL, false, "another origin"},
		{"another host name", otherHost, false, "another origin"},
		{"https to http", plain.URL, true, "https to http"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var hits int
			var mu sync.Mutex
			var src *httptest.Server
			if tc.tls {
				src = httptest.NewTLSServer(redirector(t, tc.target, &hits, &mu))
			} else {
				src = httptest.NewServer(redirector(t, tc.target, &hits, &mu))
			}
			defer src.Close()
			for _, creds := range [][]client.Option{
				{client.WithToken(secretToken), client.WithModelKey(secretKey)},
				{client.WithVisitorID(secretVisitor), client.WithModelKey(secretKey)},
			} {
				opts := append([]client.Option{client.WithMount(""), client.WithGraph("demo"),
					client.WithHTTPClient(src.Client())}, creds...)
				c, err := client.New(src.URL, opts...)
				if err != nil {
					t.Fatal(err)
				}
				_, err = c.List(context.Background())
				var re *client.RedirectError
				if !errors.As(err, &re) || client.IsTransport(err) || re.Reason != tc.reason ||
					!strings.HasPrefix(re.To, tc.target) || !strings.Contains(err.Error(), tc.target) {
					t.Fatalf("want a redirect error naming %s (%s), got %v", tc.target, tc.reason, err)
				}
				if st, err := c.Stream(context.Background(), "s1", client.StreamOptions{Transport: client.TransportSSE}); err == nil {
					st.Close()
					t.Fatal("a stream opened through a redirect")
				}
			}
			if hits != 4 {
				t.Errorf("%d requests to the redirecting host, want 4 (a list and a stream each, no retry)", hits)
			}
			if n := plain.requests(); n != 0 {
				t.Fatalf("the redirect was followed: %d requests reached %s", n, tc.target)
			}
		})
	}
	t.Run("same origin", func(t *testing.T) {
		srv := vehicletest.NewServer(t)
		mux := http.NewServeMux()
		mux.Handle("/", srv.Host)
		mux.HandleFunc("/old/", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, strings.TrimPrefix(r.URL.Path, "/old"), http.StatusTemporaryRedirect)
		})
		front := httptest.NewServer(mux)
		defer front.Close()
		c, err := client.New(front.URL, client.WithMount("/old/services/vehicle"), client.WithGraph("demo"), client.WithToken(adaToken))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.List(context.Background()); err != nil {
			t.Fatalf("a same-origin redirect: %v", err)
		}
	})
}

// echoHost is a hostile host that quotes the caller's credentials back in
// everything it says.
func echoHost(t *testing.T, status int, frame bool) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		said := "you sent " + r.Header.Get("Authorization") + " and key " + r.Header.Get("X-Model-Key") +
			" as visitor " + r.Header.Get("X-Visitor-Id")
		w.WriteHeader(status)
		if !frame {
			_, _ = w.Write([]byte(said))
			return
		}
		d, _ := json.Marshal(map[string]any{"echo": said, "nested": []string{r.Header.Get("X-Model-Key")}})
		f, _ := json.Marshal(client.Frame{Protocol: client.Protocol, Type: client.TypeError,
			Code: "bad_" + r.Header.Get("X-Model-Key"), Message: said, Details: d})
		_, _ = w.Write(f)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestEchoedSecretsScrubbed: whatever a host echoes, no error the client
// returns carries the token, the model key or the visitor id; Call's error
// frame neither; Scrub hides them in other text.
func TestEchoedSecretsScrubbed(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status int
		frame  bool
	}{
		{"error frame", http.StatusConflict, true},
		{"not a frame", http.StatusBadRequest, false},
		{"proxy answer", http.StatusBadGateway, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := echoHost(t, tc.status, tc.frame)
			for _, creds := range [][]client.Option{
				{client.WithToken(secretToken), client.WithModelKey(secretKey)},
				{client.WithVisitorID(secretVisitor), client.WithModelKey(secretKey)},
			} {
				c, err := client.New(srv.URL, append(creds, client.WithMount(""), client.WithGraph("demo"),
					client.WithRetry(client.RetryPolicy{Attempts: 2, Base: 1, Max: 1}))...)
				if err != nil {
					t.Fatal(err)
				}
				f, err := c.Call(context.Background(), client.OpPrompt, "s1", json.RawMessage(`{"text":"hi"}`))
				if err == nil {
					t.Fatal("the hostile host's answer was taken")
				}
				texts := []string{err.Error(), fmtAll(err)}
				var e *client.Error
				if errors.As(err, &e) {
					texts = append(texts, e.Code, e.Message, string(e.Details))
					if !json.Valid(e.Details) && len(e.Details) > 0 {
						t.Errorf("details are no longer JSON: %s", e.Details)
					}
				}
				if f != nil {
					b, _ := json.Marshal(f)
					texts = append(texts, string(b))
				}
				for _, s := range texts {
					for _, secret := range []string{secretToken, secretKey, secretVisitor} {
						if strings.Contains(s, secret) {
							t.Fatalf("a secret reached the caller: %s", s)
						}
					}
				}
				if !strings.Contains(err.Error(), "[redacted]") {
					t.Errorf("the echo is gone altogether: %v", err)
				}
				if got := c.Scrub("model said: " + secretKey + "!"); got != "model said: [redacted]!" {
					t.Errorf("Scrub: %q", got)
				}
			}
		})
	}
}

// fmtAll is the text of err and every error it wraps.
func fmtAll(err error) string {
	var b strings.Builder
	for ; err != nil; err = errors.Unwrap(err) {
		b.WriteString(err.Error())
		b.WriteString("\n")
	}
	return b.String()
}
