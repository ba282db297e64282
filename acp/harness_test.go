package acp

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// waitLimit bounds every wait of these tests.
const waitLimit = 10 * time.Second

// editor is the test's ACP client: it keeps every update and hands each
// permission request to the test.
type editor struct {
	mu      sync.Mutex
	updates []sdk.SessionNotification
	changed chan struct{} // closed and replaced at every update
	asks    chan permAsk
}

// permAsk is a permission request the test answers.
type permAsk struct {
	req    sdk.RequestPermissionRequest
	answer chan *sdk.RequestPermissionOutcome // nil: the editor cancels it
	ctx    context.Context
}

func newEditor() *editor {
	return &editor{changed: make(chan struct{}), asks: make(chan permAsk, 16)}
}

func (e *editor) SessionUpdate(_ context.Context, n sdk.SessionNotification) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.updates = append(e.updates, n)
	close(e.changed)
	e.changed = make(chan struct{})
	return nil
}

func (e *editor) RequestPermission(ctx context.Context, p sdk.RequestPermissionRequest) (sdk.RequestPermissionResponse, error) {
	a := permAsk{req: p, answer: make(chan *sdk.RequestPermissionOutcome, 1), ctx: ctx}
	e.asks <- a
	select {
	case o := <-a.answer:
		if o == nil {
			return sdk.RequestPermissionResponse{Outcome: sdk.RequestPermissionOutcome{Cancelled: &sdk.RequestPermissionOutcomeCancelled{}}}, nil
		}
		return sdk.RequestPermissionResponse{Outcome: *o}, nil
	case <-ctx.Done():
		return sdk.RequestPermissionResponse{}, ctx.Err()
	}
}

func (e *editor) ReadTextFile(context.Context, sdk.ReadTextFileRequest) (sdk.ReadTextFileResponse, error) {
	return sdk.ReadTextFileResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodFsReadTextFile)
}

func (e *editor) WriteTextFile(context.Context, sdk.WriteTextFileRequest) (sdk.WriteTextFileResponse, error) {
	return sdk.WriteTextFileResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodFsWriteTextFile)
}

func (e *editor) CreateTerminal(context.Context, sdk.CreateTerminalRequest) (sdk.CreateTerminalResponse, error) {
	return sdk.CreateTerminalResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodTerminalCreate)
}

func (e *editor) KillTerminal(context.Context, sdk.KillTerminalRequest) (sdk.KillTerminalResponse, error) {
	return sdk.KillTerminalResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodTerminalKill)
}

func (e *editor) TerminalOutput(context.Context, sdk.TerminalOutputRequest) (sdk.TerminalOutputResponse, error) {
	return sdk.TerminalOutputResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodTerminalOutput)
}

func (e *editor) ReleaseTerminal(context.Context, sdk.ReleaseTerminalRequest) (sdk.ReleaseTerminalResponse, error) {
	return sdk.ReleaseTerminalResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodTerminalRelease)
}

func (e *editor) WaitForTerminalExit(context.Context, sdk.WaitForTerminalExitRequest) (sdk.WaitForTerminalExitResponse, error) {
	return sdk.WaitForTerminalExitResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodTerminalWaitForExit)
}

// snapshot is the updates so far and a channel closed at the next one.
func (e *editor) snapshot() ([]sdk.SessionNotification, <-chan struct{}) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]sdk.SessionNotification(nil), e.updates...), e.changed
}

// waitFor waits until ok holds of the updates so far, and returns them.
func (e *editor) waitFor(t *testing.T, what string, ok func([]sdk.SessionNotification) bool) []sdk.SessionNotification {
	t.Helper()
	limit := time.After(waitLimit)
	for {
		ups, changed := e.snapshot()
		if ok(ups) {
			return ups
		}
		select {
		case <-changed:
		case <-limit:
			t.Fatalf("waited %v for %s; updates:\n%s", waitLimit, what, dumpUpdates(ups))
		}
	}
}

// ask waits for the next permission request.
func (e *editor) ask(t *testing.T) permAsk {
	t.Helper()
	select {
	case a := <-e.asks:
		return a
	case <-time.After(waitLimit):
		t.Fatal("no permission request came")
		return permAsk{}
	}
}

// recv waits for a value on ch, failing the test after waitLimit.
func recv[T any](t testing.TB, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(waitLimit):
		t.Fatalf("waited %v for %s", waitLimit, what)
	}
	var zero T
	return zero
}

// rig is an agent served in process over pipes, an editor speaking to it
// through the SDK's client side, and the reference host.
type rig struct {
	srv    *vehicletest.Server
	c      *client.Client // the agent's
	ed     *editor
	conn   *sdk.ClientSideConnection
	in     *io.PipeWriter // the agent's stdin
	log    *syncBuffer
	served chan error // Serve's end
}

// rigConfig adjusts a rig.
type rigConfig struct {
	host   []vehicletest.Option
	token  string
	graph  string
	opts   []client.Option
	config func(*Config)
}

func newRig(t testing.TB, adjust ...func(*rigConfig)) *rig {
	t.Helper()
	rc := rigConfig{token: "ada-token", graph: "demo", host: []vehicletest.Option{vehicletest.WithDeterministicIDs()}}
	for _, f := range adjust {
		f(&rc)
	}
	srv := vehicletest.NewServer(t, rc.host...)
	c, err := client.New(srv.URL, append([]client.Option{client.WithGraph(rc.graph), client.WithToken(rc.token), client.WithClientID("acp-editor")}, rc.opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	r := &rig{srv: srv, c: c, ed: newEditor(), log: &syncBuffer{}, served: make(chan error, 1)}
	cfg := Config{Client: c, Version: "v0.0.0-test", Log: r.log, RequestTimeout: 5 * time.Second}
	if rc.config != nil {
		rc.config(&cfg)
	}
	agentIn, toAgent := io.Pipe()
	fromAgent, agentOut := io.Pipe()
	r.in = toAgent
	go func() {
		r.served <- Serve(context.Background(), cfg, agentIn, agentOut)
		_ = agentOut.Close()
	}()
	r.conn = sdk.NewClientSideConnection(r.ed, toAgent, fromAgent)
	r.conn.SetLogger(slog.New(slog.NewTextHandler(io.Discard, nil)))
	t.Cleanup(func() {
		_ = toAgent.Close()
		select {
		case <-r.served:
		case <-time.After(waitLimit):
			t.Error("the agent did not end after its input")
		}
	})
	return r
}

// ctx is a context bounded by waitLimit.
func (r *rig) ctx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	t.Cleanup(cancel)
	return ctx
}

// start initializes and opens a new session, returning its id.
func (r *rig) start(t *testing.T) string {
	t.Helper()
	ctx := r.ctx(t)
	if _, err := r.conn.Initialize(ctx, sdk.InitializeRequest{ProtocolVersion: sdk.ProtocolVersionNumber}); err != nil {
		t.Fatal(err)
	}
	ns, err := r.conn.NewSession(ctx, sdk.NewSessionRequest{Cwd: "/home/ada/src", McpServers: []sdk.McpServer{}})
	if err != nil {
		t.Fatal(err)
	}
	r.ed.waitFor(t, "the commands", func(ups []sdk.SessionNotification) bool { return has(ups, isCommands) })
	return string(ns.SessionId)
}

// holding is where the host says which session's run it holds (#hold).
func (r *rig) holding() <-chan string {
	held := make(chan string, 1)
	r.srv.OnHold(func(s string) { held <- s })
	return held
}

// promptAsync sends a prompt in the background; its answer comes on the
// channel (a failure fails the test).
func (r *rig) promptAsync(t *testing.T, id, text string) <-chan sdk.PromptResponse {
	answer := make(chan sdk.PromptResponse, 1)
	go func() {
		res, err := r.prompt(t, id, text)
		if err != nil {
			t.Error(err)
		}
		answer <- res
	}()
	return answer
}

// otherTerminal is another terminal of Ada's (client id ada-terminal) and
// a session it created, which it holds the lease of.
func (r *rig) otherTerminal(t *testing.T) (*client.Client, string) {
	t.Helper()
	other, err := client.New(r.srv.URL, client.WithGraph("demo"), client.WithToken("ada-token"), client.WithClientID("ada-terminal"))
	if err != nil {
		t.Fatal(err)
	}
	cr, err := other.Create(r.ctx(t), client.CreateRequest{})
	if err != nil {
		t.Fatal(err)
	}
	return other, cr.Session.SessionID
}

// prompt sends text to the session and returns the answer.
func (r *rig) prompt(t *testing.T, id, text string) (sdk.PromptResponse, error) {
	t.Helper()
	return r.conn.Prompt(r.ctx(t), sdk.PromptRequest{SessionId: sdk.SessionId(id), Prompt: []sdk.ContentBlock{sdk.TextBlock(text)}})
}

// agentText is the agent_message_chunks' text, joined in order.
func agentText(ups []sdk.SessionNotification) string {
	var b strings.Builder
	for _, u := range ups {
		if c := u.Update.AgentMessageChunk; c != nil && c.Content.Text != nil {
			b.WriteString(c.Content.Text.Text)
		}
	}
	return b.String()
}

// has reports whether an update satisfies ok.
func has(ups []sdk.SessionNotification, ok func(sdk.SessionUpdate) bool) bool {
	for _, u := range ups {
		if ok(u.Update) {
			return true
		}
	}
	return false
}

func isCommands(u sdk.SessionUpdate) bool { return u.AvailableCommandsUpdate != nil }

// assistantTexts is the text of the assistant messages in a session's log.
func assistantTexts(srv *vehicletest.Server, id string) string {
	var b strings.Builder
	for _, ev := range srv.Events(id) {
		var v client.MessageValue
		if ev.Type == client.EvMessageCompleted && ev.Decode(&v) == nil && v.Role == client.RoleAssistant {
			b.WriteString(v.Text)
		}
	}
	return b.String()
}

// countEvents counts a session's events of a type.
func countEvents(srv *vehicletest.Server, id, typ string) int {
	n := 0
	for _, ev := range srv.Events(id) {
		if ev.Type == typ {
			n++
		}
	}
	return n
}

// lastSettle is the value of the session's last run.settled.
func lastSettle(srv *vehicletest.Server, id string) (v client.RunSettledValue, ok bool) {
	for _, ev := range srv.Events(id) {
		if ev.Type == client.EvRunSettled {
			ok = ev.Decode(&v) == nil
		}
	}
	return v, ok
}

func dumpUpdates(ups []sdk.SessionNotification) string {
	var b strings.Builder
	for _, u := range ups {
		j, _ := json.Marshal(u.Update)
		b.Write(j)
		b.WriteByte('\n')
	}
	return b.String()
}

// syncBuffer is a log safe to write from goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
