package panes

import (
	"testing"
	"time"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/theme"
)

// TestStatus words every connection state.
func TestStatus(t *testing.T) {
	st := theme.New(theme.Options{NoColor: true})
	conn := func(states ...client.ConnState) string {
		var c Conn
		for _, s := range states {
			c.Update(s)
		}
		return xansi.Strip(c.Text(st))
	}
	streaming := client.ConnState{Mode: client.ConnStreaming}
	cases := []struct{ got, want string }{
		{conn(client.ConnState{Mode: client.ConnConnecting}), "connecting…"},
		{conn(streaming), "● live"},
		{conn(streaming, client.ConnState{Mode: client.ConnReconnecting, Attempt: 3}), "reconnecting 3"},
		{conn(streaming, client.ConnState{Mode: client.ConnReconnecting, Attempt: 1},
			client.ConnState{Mode: client.ConnStreaming, Replayed: 12}), "resumed, 12 events replayed"},
		{conn(streaming, client.ConnState{Mode: client.ConnPolling}), "polling"},
		{conn(client.ConnState{Mode: client.ConnReconnecting, Attempt: 4}, client.ConnState{Mode: client.ConnPolling, Replayed: 2}),
			"polling (resumed, 2 events replayed)"},
		{conn(streaming, client.ConnState{Mode: client.ConnClosed}), "stream closed"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("connection shown as %q, want %q", c.got, c.want)
		}
	}
}

// TestRunTime words a run's duration.
func TestRunTime(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "0s", 14*time.Second + 900*time.Millisecond: "14s", 2*time.Minute + 14*time.Second: "2m14s",
		time.Hour + 2*time.Minute + 5*time.Second: "1h02m",
	} {
		if got := runTime(d); got != want {
			t.Errorf("runTime(%v) = %q, want %q", d, got, want)
		}
	}
}
