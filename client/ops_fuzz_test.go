package client

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// frameTransport answers every request with one frame, without a network,
// and hands the request to check first.
type frameTransport struct{ check func(*http.Request) }

func (f frameTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	f.check(r)
	return &http.Response{StatusCode: 200, Header: http.Header{}, Request: r,
		Body: io.NopCloser(strings.NewReader(`{"protocol":"sophia.vehicle-ride.v2","type":"closed","value":{}}`))}, nil
}

// FuzzCallBody feeds arbitrary bytes as Call's body (a JSONL line's fields
// are untrusted) for every op: Call never panics, and a request that leaves
// carries a JSON object with a non-empty requestId when its op has one, or
// query values when its op travels in the query.
func FuzzCallBody(f *testing.F) {
	for _, s := range []string{`{"text":"hi"}`, `{"requestId":"r1","clientId":"c"}`, `{"since":3,"waitMs":100}`,
		`{"requestId":""}`, `{"requestId":7}`, `null`, `[]`, `{"since":-1}`, `{"title":null}`, ``, `{"a":{"b":[1,2]}}`} {
		f.Add(s)
	}
	var failed string
	c, err := New("http://h", WithGraph("g"), WithHTTPClient(&http.Client{Transport: frameTransport{check: func(r *http.Request) {
		route := strings.Trim(strings.TrimPrefix(r.URL.Path, DefaultMount), "/")
		if r.Method == http.MethodDelete && r.URL.Query().Get("requestId") == "" {
			failed = "a DELETE with no requestId: " + r.URL.String()
		}
		if r.Body == nil {
			return
		}
		b, _ := io.ReadAll(r.Body)
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(b, &obj); err != nil {
			failed = route + ": the body is not a JSON object: " + string(b)
			return
		}
		var rid string
		if json.Unmarshal(obj["requestId"], &rid); rid == "" {
			failed = route + ": no requestId in " + string(b)
		}
	}}}), WithRetry(RetryPolicy{Attempts: 1}))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body string) {
		for _, r := range routeTable() {
			failed = ""
			_, _ = c.Call(context.Background(), r.Op, "s1", json.RawMessage(body))
			if failed != "" {
				t.Fatalf("%s: %s", r.Op, failed)
			}
		}
	})
}
