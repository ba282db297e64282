package client

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// countingHost answers each request with answer(n), n counting from 1, and
// records when each came.
type countingHost struct {
	mu  sync.Mutex
	at  []time.Time
	url string
}

func newCountingHost(t *testing.T, answer func(w http.ResponseWriter, n int)) *countingHost {
	h := &countingHost{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		h.mu.Lock()
		h.at = append(h.at, time.Now())
		n := len(h.at)
		h.mu.Unlock()
		answer(w, n)
	}))
	t.Cleanup(srv.Close)
	h.url = srv.URL
	return h
}

func (h *countingHost) times() []time.Time {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]time.Time(nil), h.at...)
}

// TestRetryAfterBeyondThePolicyEndsAtOnce: a 503 asking for an hour is not
// retried five times in a few seconds: the request ends after one attempt
// with an error that says when to try again.
func TestRetryAfterBeyondThePolicyEndsAtOnce(t *testing.T) {
	for _, tc := range []struct{ name, status, header string }{
		{"503 in seconds", "503", "3600"},
		{"429 without a frame, as a date", "429", time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newCountingHost(t, func(w http.ResponseWriter, _ int) {
				w.Header().Set("Retry-After", tc.header)
				code := 503
				if tc.status == "429" {
					code = 429
				}
				w.WriteHeader(code)
			})
			c, err := New(h.url, WithMount(""), WithGraph("demo"), fastRetry())
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.Inspect(context.Background(), "s1")
			var te *TransportError
			if !errors.As(err, &te) || te.RetryAfter < 59*time.Minute || te.Attempts != 1 {
				t.Fatalf("got %v (%+v)", err, te)
			}
			if n := len(h.times()); n != 1 || !strings.Contains(err.Error(), "before trying again") {
				t.Fatalf("%d attempts; error %q", n, err)
			}
		})
	}
}

// TestRetryAfterIsWaitedFor: a Retry-After the policy allows is waited for
// instead of the backoff, and the retry then succeeds; one the context's
// deadline does not allow ends the request at once.
func TestRetryAfterIsWaitedFor(t *testing.T) {
	h := newCountingHost(t, func(w http.ResponseWriter, n int) {
		if n == 1 {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		writeFrame(w, 200, Frame{Type: TypeSessionSnapshot, Value: []byte(`{"cursor":3}`)})
	})
	c, err := New(h.url, WithMount(""), WithGraph("demo"), fastRetry())
	if err != nil {
		t.Fatal(err)
	}
	var waited []time.Duration
	c.sleep = func(_ context.Context, d time.Duration) error { waited = append(waited, d); return nil }
	snap, err := c.Inspect(context.Background(), "s1")
	if err != nil || snap.Cursor != 3 {
		t.Fatalf("inspect: %+v %v", snap, err)
	}
	if len(h.times()) != 2 || len(waited) != 1 || waited[0] != time.Second {
		t.Fatalf("%d attempts, waits %v: the second did not wait the second asked for", len(h.times()), waited)
	}

	h = newCountingHost(t, func(w http.ResponseWriter, _ int) {
		w.Header().Set("Retry-After", "20")
		w.WriteHeader(http.StatusServiceUnavailable)
	})
	c, _ = New(h.url, WithMount(""), WithGraph("demo"), fastRetry())
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	start := time.Now()
	_, err = c.Inspect(ctx, "s1")
	if retryAfterOf(err) != 20*time.Second || len(h.times()) != 1 || time.Since(start) > 4*time.Second {
		t.Fatalf("a Retry-After past the deadline: %v after %v, %d attempts", err, time.Since(start), len(h.times()))
	}
}

// TestNoErrorShowsTheAddressUserinfo: a password in the gardend address is
// sent (as basic auth) but never appears in an error, net/http's included.
func TestNoErrorShowsTheAddressUserinfo(t *testing.T) {
	const user, password = "gardener", "pw-never-print-9d2f"
	var gotAuth bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, p, ok := r.BasicAuth()
		gotAuth = ok && u == user && p == password
		if r.URL.Path == "/elsewhere" {
			http.Redirect(w, r, "http://"+user+":"+password+"@other.invalid/x", http.StatusFound)
			return
		}
		w.WriteHeader(http.StatusBadGateway)
	}))
	defer srv.Close()
	withInfo := func(u string) string { return strings.Replace(u, "http://", "http://"+user+":"+password+"@", 1) }
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	ln.Close()
	for _, tc := range []struct{ name, addr, op string }{
		{"502 from a proxy", srv.URL, "inspect"},
		{"nothing listening", closed, "inspect"},
		{"a redirect elsewhere", srv.URL, "redirect"},
		{"a stream", closed, "stream"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := New(withInfo(tc.addr), WithMount(""), WithGraph("demo"), fastRetry())
			if err != nil {
				t.Fatal(err)
			}
			switch tc.op {
			case "inspect":
				_, err = c.Inspect(context.Background(), "s1")
			case "redirect":
				_, err = c.send(context.Background(), call{method: "GET", url: c.gardend.String() + "/elsewhere"})
			case "stream":
				_, err = c.Stream(context.Background(), "s1", StreamOptions{Transport: TransportSSE})
			}
			if err == nil {
				t.Fatal("no error")
			}
			for _, s := range []string{err.Error(), c.GardendURL(), c.ServiceURL()} {
				if strings.Contains(s, password) || strings.Contains(s, user) {
					t.Fatalf("the address's user info shows: %q", s)
				}
			}
		})
	}
	if !gotAuth {
		t.Error("the address's user info was not sent as basic auth")
	}
}
