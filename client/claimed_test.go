package client

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"
)

// TestTookOverFromIsReadLeniently: the seed says only that the claim's frame
// "names whom it took over from"; whatever shape that name has, a take-over
// that succeeded decodes.
func TestTookOverFromIsReadLeniently(t *testing.T) {
	cases := []struct {
		name, value string
		want        *Lease
	}{
		{"an object", `{"principal":"user:ada","clientId":"term-a","expiresAt":"2026-12-07T05:00:00Z"}`,
			&Lease{Principal: "user:ada", ClientID: "term-a", ExpiresAt: time.Date(2026, 12, 7, 5, 0, 0, 0, time.UTC)}},
		{"a client id as a string", `"term-a"`, &Lease{ClientID: "term-a"}},
		{"an object with odd fields", `{"clientId":"term-a","expiresAt":"soon","principal":7}`, &Lease{ClientID: "term-a"}},
		{"an empty string", `""`, nil},
		{"null", `null`, nil},
		{"a number", `42`, nil},
		{"an array", `["term-a"]`, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			value := `{"lease":{"principal":"user:ada","clientId":"term-b","expiresAt":"2026-12-07T05:00:00Z"},"tookOverFrom":` + tc.value + `}`
			c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
				writeFrame(w, 200, Frame{Type: TypeDriverClaimed, Value: json.RawMessage(value)})
			})
			cl, err := c.Claim(context.Background(), "s1", Takeover())
			if err != nil {
				t.Fatalf("a take-over that succeeded failed to decode: %v", err)
			}
			if cl.Lease.ClientID != "term-b" {
				t.Errorf("lease: %+v", cl.Lease)
			}
			switch {
			case tc.want == nil && cl.TookOverFrom != nil:
				t.Errorf("tookOverFrom: got %+v, want none", *cl.TookOverFrom)
			case tc.want != nil && (cl.TookOverFrom == nil || *cl.TookOverFrom != *tc.want):
				t.Errorf("tookOverFrom: got %+v, want %+v", cl.TookOverFrom, *tc.want)
			}
		})
	}
}
