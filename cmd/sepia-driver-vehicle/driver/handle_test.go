package driver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/cmd/sepia-driver-vehicle/drivertest"
)

func TestHandleLine(t *testing.T) {
	tests := []struct {
		name, line, want string
	}{
		{"blank", "   ", ""},
		{"parse error", `{"jsonrpc":`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: the line is not valid JSON"}}`},
		{"empty batch", `[]`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: an empty batch"}}`},
		{"not an object", `"x"`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: a request must be a JSON object, not a string"}}`},
		{"no jsonrpc", `{"id":1,"method":"driver.manifest"}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"Invalid Request: \"jsonrpc\" must be exactly \"2.0\""}}`},
		{"bad id", `{"jsonrpc":"2.0","id":{},"method":"driver.manifest"}`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: id must be a string, a number or null, not an object"}}`},
		{"method not a string", `{"jsonrpc":"2.0","method":1,"params":"bar"}`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: \"method\" must be a string"}}`},
		{"params null", `{"jsonrpc":"2.0","id":2,"method":"session.list","params":null}`, `{"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"Invalid Request: \"params\" must be an object or an array when present, not null"}}`},
		{"notification", `{"jsonrpc":"2.0","method":"session.list"}`, ""},
		{"notification of unknown method", `{"jsonrpc":"2.0","method":"nope"}`, ""},
		{"batch of notifications", `[{"jsonrpc":"2.0","method":"session.list"},{"jsonrpc":"2.0","method":"nope"}]`, ""},
		{"unknown method", `{"jsonrpc":"2.0","id":"a","method":"session.nope"}`, `{"jsonrpc":"2.0","id":"a","error":{"code":-32601,"message":"Method not found: \"session.nope\" is not a method of the sepia driver wire"}}`},
		{"id kept as sent", `{"jsonrpc":"2.0","id":1.50,"method":"nope"}`, `{"jsonrpc":"2.0","id":1.50,"error":{"code":-32601,"message":"Method not found: \"nope\" is not a method of the sepia driver wire"}}`},
		{"null id answered", `{"jsonrpc":"2.0","id":null,"method":"nope"}`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32601,"message":"Method not found: \"nope\" is not a method of the sepia driver wire"}}`},
		{"checkpoints", `{"jsonrpc":"2.0","id":3,"method":"session.checkpoints","params":{"id":"s1"}}`, `{"jsonrpc":"2.0","id":3,"result":[]}`},
		{"rewind", `{"jsonrpc":"2.0","id":3,"method":"session.rewind","params":{}}`, `{"jsonrpc":"2.0","id":3,"error":{"code":-32004,"message":"capability unsupported: session.rewind needs the \"rewind\" capability, which the vehicle driver does not claim","data":{"capability":"rewind","method":"session.rewind"}}}`},
		{"invalid UTF-8 in a string", "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"session.list\",\"params\":{\"agentId\":\"\xff\"}}", `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: the line is not valid UTF-8, which JSON text must be"}}`},
		{"invalid UTF-8 in a batch", "[{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"session.list\"},\"\xc3\"]", `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: the line is not valid UTF-8, which JSON text must be"}}`},
		{"params by position", `{"jsonrpc":"2.0","id":4,"method":"session.get","params":["s1"]}`, `{"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"Invalid params: session.get takes its params by name (an object), not an array"}}`},
		{"no id param", `{"jsonrpc":"2.0","id":5,"method":"session.get","params":{}}`, `{"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"Invalid params: session.get needs \"id\", the session's id (a non-empty string)"}}`},
		{"id of wrong type", `{"jsonrpc":"2.0","id":6,"method":"session.summary","params":{"id":true}}`, `{"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"Invalid params: session.summary: \"id\" must be a string, not a JSON bool"}}`},
		{"other agent", `{"jsonrpc":"2.0","id":7,"method":"session.get","params":{"id":"s1","agentId":"cline"}}`, `{"jsonrpc":"2.0","id":7,"error":{"code":-32001,"message":"session not found: \"s1\" is asked for as a session of agent \"cline\"; this driver serves agent \"vehicle\" only","data":{"agentId":"cline"}}}`},
		{"list of other agent", `{"jsonrpc":"2.0","id":8,"method":"session.list","params":{"agentId":"cline"}}`, `{"jsonrpc":"2.0","id":8,"result":[]}`},
		{"summary", `{"jsonrpc":"2.0","id":9,"method":"session.summary","params":{"id":"s2","agentId":"vehicle"}}`, `{"jsonrpc":"2.0","id":9,"result":{"id":"s2","agentId":"vehicle","title":"Session s2","createdAt":"2026-10-14T09:00:00Z","updatedAt":"2026-10-14T10:00:00Z","model":"m","parent":{"id":"s1","kind":"fork","messageId":"s1-e2"},"graph":"demo","profile":"chat"}}`},
		{"get", `{"jsonrpc":"2.0","id":10,"method":"session.get","params":{"id":"s2"}}`, `{"jsonrpc":"2.0","id":10,"result":{"id":"s2","agentId":"vehicle","title":"Session s2","createdAt":"2026-10-14T09:00:00Z","updatedAt":"2026-10-14T10:00:00Z","model":"m","parent":{"id":"s1","kind":"fork","messageId":"s1-e2"},"graph":"demo","profile":"chat","messages":[{"id":"s2-e1","role":"user","text":"message 1","timestamp":"2026-10-14T09:00:00Z"},{"id":"s2-e2","role":"assistant","text":"message 2","toolCalls":[{"id":"t1","name":"search_documents"}],"timestamp":"2026-10-14T09:00:01Z"}]}}`},
		{"get empty", `{"jsonrpc":"2.0","id":11,"method":"session.get","params":{"id":"s3"}}`, `{"jsonrpc":"2.0","id":11,"result":{"id":"s3","agentId":"vehicle","title":"Session s3","createdAt":"2026-10-14T09:00:00Z","updatedAt":"2026-10-14T10:00:00Z","model":"m","graph":"demo","profile":"chat","messages":[]}}`},
		{"history of empty", `{"jsonrpc":"2.0","id":12,"method":"session.history","params":{"id":"s3"}}`, `{"jsonrpc":"2.0","id":12,"result":{"messages":[],"hasMore":false,"nextBefore":null,"total":0}}`},
		{"history last page", `{"jsonrpc":"2.0","id":13,"method":"session.history","params":{"id":"s1","limit":2,"before":"s1-e3"}}`, `{"jsonrpc":"2.0","id":13,"result":{"messages":[{"id":"s1-e1","role":"user","text":"message 1","timestamp":"2026-10-14T09:00:00Z"},{"id":"s1-e2","role":"assistant","text":"message 2","toolCalls":[{"id":"t1","name":"search_documents"}],"timestamp":"2026-10-14T09:00:01Z"}],"hasMore":false,"nextBefore":null,"total":5}}`},
		{"history first page", `{"jsonrpc":"2.0","id":14,"method":"session.history","params":{"id":"s1","limit":1}}`, `{"jsonrpc":"2.0","id":14,"result":{"messages":[{"id":"s1-e5","role":"user","text":"message 5","timestamp":"2026-10-14T09:00:04Z"}],"hasMore":true,"nextBefore":"s1-e5","total":5}}`},
		{"history unknown before", `{"jsonrpc":"2.0","id":15,"method":"session.history","params":{"id":"s1","before":"zz"}}`, `{"jsonrpc":"2.0","id":15,"error":{"code":-32602,"message":"Invalid params: session.history: before \"zz\" is not a message of session \"s1\"; pass a message id from session.get or a page's nextBefore"}}`},
		{"history limit 0", `{"jsonrpc":"2.0","id":16,"method":"session.history","params":{"id":"s1","limit":0}}`, `{"jsonrpc":"2.0","id":16,"error":{"code":-32602,"message":"Invalid params: session.history: \"limit\" must be a whole number of at least 1, not 0"}}`},
		{"history limit fraction", `{"jsonrpc":"2.0","id":17,"method":"session.history","params":{"id":"s1","limit":1.5}}`, `{"jsonrpc":"2.0","id":17,"error":{"code":-32602,"message":"Invalid params: session.history: \"limit\" must be a whole number of at least 1, not 1.5"}}`},
		{"not found", `{"jsonrpc":"2.0","id":18,"method":"session.get","params":{"id":"s9"}}`, `{"jsonrpc":"2.0","id":18,"error":{"code":-32001,"message":"session not found: no such session s9","data":{"code":"not_found","status":404}}}`},
		{"rename title of wrong type", `{"jsonrpc":"2.0","id":19,"method":"session.rename","params":{"id":"s1","title":3}}`, `{"jsonrpc":"2.0","id":19,"error":{"code":-32602,"message":"Invalid params: session.rename: \"title\" must be a string or null, not a number"}}`},
		{"rename clears", `{"jsonrpc":"2.0","id":20,"method":"session.rename","params":{"id":"s3","title":null}}`, `{"jsonrpc":"2.0","id":20,"result":{"id":"s3","agentId":"vehicle","title":"hello","createdAt":"2026-10-14T09:00:00Z","updatedAt":"2026-10-14T10:00:00Z","model":"m","graph":"demo","profile":"chat"}}`},
		{"locked", `{"jsonrpc":"2.0","id":21,"method":"session.rename","params":{"id":"s2","title":"x"}}`, `{"jsonrpc":"2.0","id":21,"error":{"code":-32003,"message":"session locked: another client holds the lease","data":{"code":"lease_held","status":409}}}`},
		{"busy", `{"jsonrpc":"2.0","id":22,"method":"session.delete","params":{"id":"s2"}}`, `{"jsonrpc":"2.0","id":22,"error":{"code":-32002,"message":"session busy: a run is under way: abort it first","data":{"code":"session_running","status":409}}}`},
		{"delete", `{"jsonrpc":"2.0","id":23,"method":"session.delete","params":{"id":"s3"}}`, `{"jsonrpc":"2.0","id":23,"result":{"id":"s3","deleted":true,"trashedAs":"trash/s3","mirror":{"documentId":"sophia-conversation-s3","graph":"demo","trashed":true}}}`},
		{"batch mixed", `[{"jsonrpc":"2.0","id":"x","method":"session.summary","params":{"id":"s9"}},{"jsonrpc":"2.0","method":"session.list"},5]`, `[{"jsonrpc":"2.0","id":"x","error":{"code":-32001,"message":"session not found: no such session s9","data":{"code":"not_found","status":404}}},{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: a request must be a JSON object, not a number"}}]`},
	}
	st := newFakeStore(5)
	st.busy["s2"], st.locked["s2"] = true, true
	srv := fakeServer(st)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := string(srv.HandleLine(context.Background(), []byte(tc.line)))
			if got != tc.want {
				t.Errorf("line %s\n got %s\nwant %s", tc.line, got, tc.want)
			}
		})
	}
}

func TestStoreErrors(t *testing.T) {
	tests := []struct {
		name string
		err  error
		code int
		has  string
	}{
		{"unreachable", &client.TransportError{Method: "GET", URL: "http://h/x", Attempts: 2, Err: errors.New("connection refused")}, CodeStoreError, "connection refused"},
		{"bad gateway", &client.TransportError{Method: "GET", URL: "http://h/x", Status: 502, Attempts: 1, Err: errors.New("proxy")}, CodeStoreError, "HTTP 502"},
		{"server error", &client.Error{Status: 500, Code: "http_500", Message: "boom"}, CodeStoreError, "boom"},
		{"unauthenticated", &client.Error{Status: 401, Code: client.CodeUnauthenticated, Message: "no credential"}, CodeStoreError, "unauthenticated"},
		{"config", &ConfigError{Variable: "VEHICLE_GRAPH", Problem: "not set"}, CodeStoreError, "VEHICLE_GRAPH"},
		{"deadline", context.DeadlineExceeded, CodeStoreError, "in time"},
		{"other", errors.New("odd"), CodeStoreError, "odd"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := newFakeStore(1)
			st.fail = tc.err
			line := fakeServer(st).HandleLine(context.Background(), []byte(`{"jsonrpc":"2.0","id":1,"method":"session.list"}`))
			var r response
			if err := json.Unmarshal(line, &r); err != nil || r.Error == nil {
				t.Fatalf("want an error answer, got %s", line)
			}
			if r.Error.Code != tc.code || !strings.Contains(r.Error.Message, tc.has) {
				t.Errorf("got %d %q, want %d containing %q", r.Error.Code, r.Error.Message, tc.code, tc.has)
			}
		})
	}
}

func TestResolverFailureIsRetried(t *testing.T) {
	calls := 0
	st := newFakeStore(1)
	srv := New(Options{Resolver: func(context.Context) (Store, error) {
		calls++
		if calls == 1 {
			return nil, &ConfigError{Variable: "VEHICLE_GARDEND", Problem: "not set"}
		}
		return st, nil
	}})
	line := `{"jsonrpc":"2.0","id":1,"method":"session.list"}`
	first := string(srv.HandleLine(context.Background(), []byte(line)))
	want := `{"jsonrpc":"2.0","id":1,"error":{"code":-32005,"message":"store error: VEHICLE_GARDEND: not set","data":{"variable":"VEHICLE_GARDEND"}}}`
	if first != want {
		t.Errorf("first answer\n got %s\nwant %s", first, want)
	}
	srv.HandleLine(context.Background(), []byte(line))
	srv.HandleLine(context.Background(), []byte(line))
	if calls != 2 {
		t.Errorf("the resolver ran %d times, want 2 (once failing, once for good)", calls)
	}
}

// panicStore panics on every call.
type panicStore struct{ Store }

// List panics.
func (panicStore) List(context.Context) ([]client.Summary, error) { panic("boom") }

func TestPanicIsInternalError(t *testing.T) {
	var log bytes.Buffer
	srv := New(Options{Resolver: func(context.Context) (Store, error) { return panicStore{}, nil }, Log: &log})
	got := string(srv.HandleLine(context.Background(), []byte(`{"jsonrpc":"2.0","id":1,"method":"session.list"}`)))
	want := `{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal error: the driver failed while answering session.list; its stderr has the details"}}`
	if got != want || !strings.Contains(log.String(), "boom") {
		t.Errorf("got %s (log %q)", got, log.String())
	}
}

func TestContractSuiteInProcess(t *testing.T) {
	srv := fakeServer(newFakeStore(7))
	drivertest.Run(t, pipeSpawn(srv), drivertest.Fixture{
		AgentID: AgentID, SessionID: "s1", Messages: 7, PageSize: 3, RenameID: "s2", DeleteID: "s3",
	})
}

func TestServeLongLineAndEOF(t *testing.T) {
	srv := New(Options{MaxLineBytes: 64, Resolver: func(context.Context) (Store, error) { return newFakeStore(1), nil }})
	in := `{"jsonrpc":"2.0","id":1,"method":"driver.manifest","params":{"pad":"` + strings.Repeat("x", 100) + `"}}` + "\n" +
		`{"jsonrpc":"2.0","id":2,"method":"session.list"}` // no final newline
	var out bytes.Buffer
	if err := srv.Serve(context.Background(), strings.NewReader(in), &out); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"code":-32700`) || !strings.Contains(lines[0], "longer than 64 bytes") ||
		!strings.HasPrefix(lines[1], `{"jsonrpc":"2.0","id":2,"result":[`) {
		t.Errorf("got %q", lines)
	}
}

// failWriter fails every write.
type failWriter struct{}

// Write fails.
func (failWriter) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }

func TestServeWriteFailure(t *testing.T) {
	srv := fakeServer(newFakeStore(1))
	pr, pw := io.Pipe()
	defer pw.Close()
	go io.WriteString(pw, `{"jsonrpc":"2.0","id":1,"method":"driver.manifest"}`+"\n")
	err := srv.Serve(context.Background(), pr, failWriter{})
	if !errors.Is(err, io.ErrClosedPipe) {
		t.Errorf("Serve: want the write error, got %v", err)
	}
}

// gateStore blocks List until its gate opens, counting calls at once.
type gateStore struct {
	Store
	gate    chan struct{}
	mu      sync.Mutex
	now     int
	maxSeen int
	entered chan struct{}
}

// List waits at the gate.
func (g *gateStore) List(ctx context.Context) ([]client.Summary, error) {
	g.mu.Lock()
	g.now++
	g.maxSeen = max(g.maxSeen, g.now)
	g.mu.Unlock()
	g.entered <- struct{}{}
	<-g.gate
	g.mu.Lock()
	g.now--
	g.mu.Unlock()
	return nil, nil
}

func TestServeBoundsInFlight(t *testing.T) {
	g := &gateStore{gate: make(chan struct{}), entered: make(chan struct{}, 64)}
	srv := New(Options{MaxInFlight: 3, Resolver: func(context.Context) (Store, error) { return g, nil }})
	var in strings.Builder
	for i := range 10 {
		in.WriteString(`{"jsonrpc":"2.0","id":` + string(rune('0'+i)) + `,"method":"session.list"}` + "\n")
	}
	var out bytes.Buffer
	done := make(chan error)
	go func() { done <- srv.Serve(context.Background(), strings.NewReader(in.String()), &out) }()
	for range 3 {
		<-g.entered
	}
	close(g.gate)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if g.maxSeen != 3 {
		t.Errorf("at most %d requests ran at once, want exactly 3", g.maxSeen)
	}
	if n := strings.Count(out.String(), "\n"); n != 10 {
		t.Errorf("%d answers, want 10", n)
	}
}
