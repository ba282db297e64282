package vehicletest

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

func TestIsolationTiers(t *testing.T) {
	cases := []struct {
		name, tier, code, isolation string
	}{
		{"default", "", "", IsolationBwrap},
		{"another tier", "seatbelt", "", "seatbelt"},
		{"microvm", IsolationMicroVM, client.CodeNotImplemented, ""},
		{"unavailable", IsolationUnavailable, client.CodeIsolationUnavailable, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var opts []Option
			if c.tier != "" {
				opts = append(opts, WithIsolation(c.tier))
			}
			h := newHarness(t, opts...)
			// the owner check comes first, whatever the tier
			refused(t, h.do("POST", "/g/demo/sessions", bo, h.fields("profile", "agent")), client.CodeForbiddenProfile)
			body := h.fields("requestId", "agent-1", "profile", "agent")
			r := h.do("POST", "/g/demo/sessions", ada, body)
			if c.code == "" {
				ok(t, r, client.TypeSessionCreated)
				var cr client.Created
				r.decode(t, &cr)
				var b client.BodyValue
				decodeEv(h.waitEvent(cr.Session.SessionID, client.EvBodyMaterialized, 1), &b)
				if cr.Session.Isolation != c.isolation || b.Kind != "rpc" || b.Isolation != c.isolation {
					t.Fatalf("agent session %+v, body %+v", cr.Session, b)
				}
				return
			}
			refused(t, r, c.code)
			if c.code == client.CodeIsolationUnavailable && !strings.Contains(r.frame.Message, unavailableReason) {
				t.Fatalf("the refusal does not say why: %s", r.raw)
			}
			// refused, so not remembered: the same requestId may ask for a chat session
			body["profile"] = "chat"
			chat := h.do("POST", "/g/demo/sessions", ada, body)
			ok(t, chat, client.TypeSessionCreated)
			var cr client.Created
			chat.decode(t, &cr)
			if chat.frame.Replayed || cr.Session.Profile != client.ProfileChat || cr.Session.Isolation != "" {
				t.Fatalf("chat session on a host with no agent box: %s", chat.raw)
			}
			list := h.do("GET", "/g/demo/sessions", ada, nil)
			var l struct{ Sessions []client.Summary }
			list.decode(t, &l)
			if len(l.Sessions) != 1 || l.Sessions[0].SessionID != cr.Session.SessionID {
				t.Fatalf("a refused agent session was made: %s", list.raw)
			}
		})
	}
}
