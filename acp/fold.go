package acp

import (
	"encoding/json"
	"strings"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/sophia-labs/vehicle/client"
)

// folder turns a session's events into the editor's updates. It is the
// pump's alone (the stream's OnState runs on the pump too).
//
// A reply streams as agent_message_chunks, the message.deltas as they come.
// A delta is ephemeral: one sent while the stream was cut is lost. After a
// cut during a run the deltas of that run are held back, and each message's
// message.completed sends what of its text the editor has not had, so the
// editor gets every byte once, in order, whatever the cuts; the rest of
// that run comes a message at a time. After a cut while no run was under
// way, the host is asked (one watch) whether a run started meanwhile: when
// none did, the deltas stream again at once. A session opened while a run
// streams is a cut too: the message under way began before the stream.
type folder struct {
	s       *session
	sent    map[string]int    // message id -> bytes of its text sent as chunks
	resync  bool              // the stream was cut during this run: deltas held back
	running bool              // a run is under way, as the events say
	cut     bool              // the connection was lost; the next one resumes
	last    int64             // the seq of the last durable event folded
	args    map[string]string // tool call id -> its arguments, from the assistant message
	results []toolDone        // tool.results waiting for their message's text
}

// toolDone is a tool call that has ended, waiting for its result's text.
type toolDone struct {
	id, name string
	failed   bool
}

// newFolder folds the events after cursor. The first connection is taken
// as a resumed one: what happened between the snapshot and it (a run that
// started, a message begun) is checked as after a cut.
func newFolder(s *session, running bool, cursor int64) *folder {
	return &folder{s: s, sent: map[string]int{}, args: map[string]string{}, running: running, last: cursor,
		cut: true, resync: true}
}

// onState hears the stream's connection. A cut, or long-polling (which
// brings no deltas), holds the deltas back; once a connection streams again,
// they stay held back until the run under way settles, or, when none is
// under way, until the host says none started while they could not come.
func (f *folder) onState(st client.ConnState) {
	switch st.Mode {
	case client.ConnPolling, client.ConnReconnecting:
		f.cut, f.resync = true, true
	case client.ConnStreaming:
		if f.cut {
			f.resync = f.running || f.s.runStartedSince(f.last)
		}
		f.cut = false
	}
}

// event folds one event.
func (f *folder) event(ev client.Event) {
	if ev.Seq > f.last {
		f.last = ev.Seq
	}
	switch ev.Type {
	case client.EvRunStarted:
		f.running = true
	case client.EvMessageDelta:
		var v client.DeltaValue
		if f.resync || ev.Decode(&v) != nil || v.Delta == "" {
			return
		}
		f.sent[v.MessageID] += len(v.Delta)
		f.s.update(sdk.UpdateAgentMessageText(v.Delta))
	case client.EvMessageCompleted:
		var v client.MessageValue
		if ev.Decode(&v) == nil {
			f.message(v)
		}
	case client.EvToolStarted:
		var v client.ToolValue
		if ev.Decode(&v) == nil {
			f.s.update(toolStart(v.ToolCallID, v.ToolName, f.args[v.ToolCallID], sdk.ToolCallStatusInProgress))
		}
	case client.EvToolResult:
		var v client.ToolValue
		if ev.Decode(&v) == nil {
			delete(f.args, v.ToolCallID)
			f.results = append(f.results, toolDone{id: v.ToolCallID, name: v.ToolName, failed: v.IsError})
		}
	case client.EvSessionRenamed:
		var v client.TitleValue
		if ev.Decode(&v) == nil {
			title := ""
			if v.Title != nil {
				title = *v.Title
			}
			f.s.update(sdk.SessionUpdate{SessionInfoUpdate: &sdk.SessionSessionInfoUpdate{Title: &title}})
		}
	case client.EvRunSettled:
		for _, r := range f.results {
			f.s.update(toolEnd(r.id, r.failed, "", false))
		}
		f.results, f.resync, f.running = nil, false, false
		clear(f.sent)
		clear(f.args)
	}
}

// message folds a completed message: the rest of an assistant's text, a user
// turn this agent did not send, a tool's result.
func (f *folder) message(v client.MessageValue) {
	switch v.Role {
	case client.RoleAssistant:
		n := f.sent[v.MessageID]
		delete(f.sent, v.MessageID)
		if n < len(v.Text) {
			f.s.update(sdk.UpdateAgentMessageText(v.Text[n:]))
		}
		for _, c := range v.ToolCalls {
			f.args[c.ID] = c.Arguments
		}
	case client.RoleUser:
		if !f.s.userTurnIsOurs(v.Text) {
			f.s.update(userTurn(v.Text))
		}
	case client.RoleToolResult:
		if len(f.results) == 0 {
			return
		}
		i := 0 // the first call of that tool to end, else the first to end
		for j, r := range f.results {
			if r.name == v.ToolName {
				i = j
				break
			}
		}
		r := f.results[i]
		f.results = append(f.results[:i], f.results[i+1:]...)
		f.s.update(toolEnd(r.id, r.failed || v.IsError, v.Text, true))
	}
}

// userTurn is a user turn as the editor shows it: the host's text (an
// accepted chime's starts with its author's attribution line), the author
// also in _meta.
func userTurn(text string) sdk.SessionUpdate {
	u := sdk.UpdateUserMessageText(text)
	if author := chimeAuthor(text); author != "" {
		u.UserMessageChunk.Meta = map[string]any{"vehicle": map[string]any{"author": author}}
	}
	return u
}

// chimeAuthor is the author of an accepted chime's turn, from its first
// line "[<author> collaborator]"; "" for other text.
func chimeAuthor(text string) string {
	line, _, ok := strings.Cut(text, "\n")
	if !ok || !strings.HasPrefix(line, "[") || !strings.HasSuffix(line, " collaborator]") {
		return ""
	}
	return strings.TrimSpace(strings.TrimSuffix(line[1:], " collaborator]"))
}

// toolStart is a tool call as it starts: its name, its arguments as its raw
// input and as text.
func toolStart(id, name, args string, status sdk.ToolCallStatus) sdk.SessionUpdate {
	opts := []sdk.ToolCallStartOpt{sdk.WithStartKind(toolKind(name)), sdk.WithStartStatus(status)}
	if args != "" {
		var raw any = args
		var v any
		if json.Unmarshal([]byte(args), &v) == nil {
			raw = v
		}
		opts = append(opts, sdk.WithStartRawInput(raw),
			sdk.WithStartContent([]sdk.ToolCallContent{sdk.ToolContent(sdk.TextBlock(args))}))
	}
	return sdk.StartToolCall(sdk.ToolCallId(id), name, opts...)
}

// toolEnd is a tool call's end: completed or failed, with its result's text
// when known.
func toolEnd(id string, failed bool, text string, withText bool) sdk.SessionUpdate {
	status := sdk.ToolCallStatusCompleted
	if failed {
		status = sdk.ToolCallStatusFailed
	}
	opts := []sdk.ToolCallUpdateOpt{sdk.WithUpdateStatus(status)}
	if withText {
		opts = append(opts, sdk.WithUpdateContent([]sdk.ToolCallContent{sdk.ToolContent(sdk.TextBlock(text))}),
			sdk.WithUpdateRawOutput(map[string]any{"text": text}))
	}
	return sdk.UpdateToolCall(sdk.ToolCallId(id), opts...)
}

// toolKind is the ACP kind of a host tool, by its name.
func toolKind(name string) sdk.ToolKind {
	switch {
	case strings.HasPrefix(name, "search"):
		return sdk.ToolKindSearch
	case strings.HasPrefix(name, "read"), strings.HasPrefix(name, "list"):
		return sdk.ToolKindRead
	case strings.HasPrefix(name, "write"), strings.HasPrefix(name, "create"), strings.HasPrefix(name, "edit"):
		return sdk.ToolKindEdit
	}
	return sdk.ToolKindOther
}
