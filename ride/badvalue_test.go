package ride

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// TestValueNotJSONNeverPrinted: whatever value a host's frame carries, every
// line the ride prints is JSON. A short frame whose value is not JSON is
// refused by the client; a long one (the client does not check a long
// answer's value) by the ride's encoding; both are answered with an error in
// their place, and a long frame whose value is JSON comes out whole.
func TestValueNotJSONNeverPrinted(t *testing.T) {
	t.Parallel()
	h := vehicletest.New(vehicletest.WithDeterministicIDs(), vehicletest.WithMount(""))
	pad := strings.Repeat("x", 300<<10)
	frame := func(fields string) string {
		return `{"protocol":"` + client.Protocol + `","type":"session.capsule",` + fields + `}`
	}
	// The capsules' answers, in the order of the lines (a window of one).
	bodies := []string{frame(`"value":{"a":tru}`), frame(`"message":"` + pad + `","value":{"a":tru}`),
		frame(`"value":{"a":"` + pad + `"}`)}
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, rq *http.Request) {
		if !strings.HasSuffix(rq.URL.Path, "/capsule") {
			h.ServeHTTP(w, rq)
			return
		}
		mu.Lock()
		body := bodies[0]
		bodies = bodies[1:]
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(func() {
		srv.Close()
		h.Close()
	})
	r := startRun(t, Config{Client: newClient(t, srv.URL, "ada-token", "ride-a"), New: true, Window: 1})
	r.send(`{"op":"capsule","requestId":"short-bad"}`, `{"op":"capsule","requestId":"long-bad"}`,
		`{"op":"capsule","requestId":"long-good"}`, `{"op":"inspect","requestId":"i1"}`)
	_ = r.in.Close()
	if err := r.wait(); err != nil {
		t.Fatal(err)
	}
	lines, _ := r.out.Lines()
	for i, l := range lines {
		if !json.Valid([]byte(l)) {
			t.Errorf("line %d is not JSON: %.200s", i+1, l)
		}
	}
	for _, id := range []string{"short-bad", "long-bad"} {
		if f := r.answer(id); f.Type != client.TypeError || f.Message == "" {
			t.Errorf("%s: %+v, want an error frame", id, f)
		}
	}
	var v struct{ A string }
	if f := r.answer("long-good"); f.Type != client.TypeSessionCapsule || f.Decode(&v) != nil || v.A != pad {
		t.Errorf("long-good: type %q, value of %d bytes", f.Type, len(f.Value))
	}
	if f := r.answer("i1"); f.Type != client.TypeSessionSnapshot {
		t.Errorf("i1: %+v", f)
	}
}
