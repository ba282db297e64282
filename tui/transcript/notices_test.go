package transcript

import (
	"testing"

	"github.com/sophia-labs/vehicle/client/wire"
)

// TestNoticeWords words the facts the reducer reports.
func TestNoticeWords(t *testing.T) {
	cases := []struct {
		e    wire.Entry
		want string
	}{
		{wire.Entry{Event: wire.EvSessionForked, Subject: "s2", Text: "e4"}, "forked as s2"},
		{wire.Entry{Event: wire.EvBodyExited, Subject: "code 1"}, "body exited (code 1)"},
		{wire.Entry{Event: wire.EvBodyExited}, "body exited"},
		{wire.Entry{Event: wire.EvExtensionError}, "extension error: an extension failed without a message"},
		{wire.Entry{Event: wire.EvBodyNotice, Text: "hello"}, "hello"},
		{wire.Entry{Notice: "run aborted: aborted"}, "run aborted"},
		{wire.Entry{Event: "something.new"}, "event something.new"},
		{wire.Entry{Event: wire.EvBodyMaterialized, Subject: "rpc · bwrap"}, "body started (rpc · bwrap)"},
		{wire.Entry{Event: wire.EvCommandFailed, Subject: "k1", Text: "no delegation"}, "✗ the turn failed"},
	}
	for _, c := range cases {
		if got := noticeWords(&c.e); got != c.want {
			t.Errorf("noticeWords(%+v) = %q, want %q", c.e, got, c.want)
		}
	}
}
