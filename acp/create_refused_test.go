package acp

import (
	"errors"
	"strings"
	"testing"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/sophia-labs/vehicle/client"
)

// TestNewSessionAtAWrongAddress: a session/new that nothing answers for (a
// wrong mount) says to check the address, not that a session is gone.
func TestNewSessionAtAWrongAddress(t *testing.T) {
	t.Parallel()
	r := newRig(t, func(rc *rigConfig) { rc.opts = append(rc.opts, client.WithMount("/nowhere")) })
	ctx := r.ctx(t)
	if _, err := r.conn.Initialize(ctx, sdk.InitializeRequest{ProtocolVersion: sdk.ProtocolVersionNumber}); err != nil {
		t.Fatal(err)
	}
	_, err := r.conn.NewSession(ctx, sdk.NewSessionRequest{Cwd: "/home/ada/src", McpServers: []sdk.McpServer{}})
	var re *sdk.RequestError
	if !errors.As(err, &re) || !strings.Contains(re.Message, "check --gardend, --mount and --graph") ||
		strings.Contains(re.Message, "session is gone") {
		t.Fatalf("session/new at a wrong mount: %v", err)
	}
}
