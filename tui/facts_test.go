package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// header is the screen's first line.
func header(s string) string { first, _, _ := strings.Cut(s, "\n"); return first }

// TestHeaderFollowsFundingAfterKey (issue 25.2): a credit account runs out,
// gives its key in the dialog, and the next turn runs on it: the host's
// session is byok from then on, and so is the header (it kept the credit
// it read at open) and the session info.
func TestHeaderFollowsFundingAfterKey(t *testing.T) {
	dee := vehicletest.Person{Token: "dee-token", Principal: "cognito:dee", Name: "Dee",
		Kind: client.AccountAccount, Email: "dee@example.com", EmailVerified: true}
	srv := vehicletest.NewServer(t, vehicletest.WithDeterministicIDs(), vehicletest.WithPublicGraphs("demo"),
		vehicletest.WithPeople(dee))
	c := person(t, srv, "dee-token", "cli-dee")
	id := newSession(t, c, "Credit")
	srv.SpendCredit("cognito:dee", 0.5001)
	cfg := hostConfig(t, c)
	cfg.SessionID = id
	a := drive(t, "dee", cfg, 100, 34)
	got := a.see("no credit left")
	if h := header(got); !strings.Contains(h, "· credit ·") {
		t.Fatalf("the header at open: %q", h)
	}
	say(a, "after the credit")
	a.see("Model key")
	a.send(tea.PasteMsg{Content: testModelKey})
	a.send(keyEnter)
	a.until("the dialog closed", func(string) bool { return a.m.top() == nil })
	a.send(keyEnter)
	got = a.until("the header says byok", func(s string) bool { return strings.Contains(header(s), "· byok ·") })
	a.see("You said: after the credit")
	if strings.Contains(header(got), "credit") {
		t.Errorf("the header still says credit: %q", header(got))
	}
	a.send(keyF4)
	a.see("funding  byok: your own model key pays")
}

// TestReaderSessionHeader (issue 25.2): a visitor's own session, driven by
// the visitor, is a reader's (its agent reads the graph and writes nothing
// there): the header says so, and does not say read-only, which reads as
// if the person could not send.
func TestReaderSessionHeader(t *testing.T) {
	srv := vehicletest.NewServer(t, vehicletest.WithDeterministicIDs(), vehicletest.WithPublicGraphs("cows"))
	c, err := client.New(srv.URL, client.WithGraph("cows"), client.WithVisitorID("v-1"), client.WithModelKey("sk-or-test"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := hostConfig(t, c)
	cfg.New = true
	a := drive(t, "visitor", cfg, 100, 24)
	got := a.see("chat · gpt-6-luna · byok · reads the graph only", "● you drive from this terminal")
	if strings.Contains(got, "read-only") {
		t.Errorf("the visitor's own session reads as read-only:\n%s", got)
	}
	say(a, "hello")
	a.see("You said: hello")
	a.send(keyF4)
	a.see("access   its agent reads the graph only")
}
