package wire

import (
	"encoding/json"
	"strings"
	"time"
)

// maxOpenStreams bounds the assistant messages streamed at once; an older one is
// closed when a new one would pass it.
const maxOpenStreams = 8

// ItemKeys is how many keys each item of a snapshot's transcript has for
// its entries (see Entry.Key): its message and the chips of up to
// ItemKeys-1 tool calls (the chips of any later calls share the last key).
const ItemKeys = 1 << 20

// itemKey is the key of the entry sub (0 the message, 1+j the j-th call's
// chip) of the item at position pos.
func itemKey(pos, sub int) int64 { return int64(pos)*ItemKeys + int64(min(sub, ItemKeys-1)) }

// collaboratorSuffix ends the attribution line of an accepted chime's turn.
const collaboratorSuffix = " collaborator]"

// completedValue is message.completed's value (MessageValue), read
// leniently: a timestamp that is missing or not a time falls back to the
// event's time.
type completedValue struct {
	MessageValue
	Timestamp json.RawMessage `json:"timestamp"`
}

// when is the message's own timestamp, else at.
func (m *completedValue) when(at time.Time) time.Time {
	var v string
	if json.Unmarshal(m.Timestamp, &v) == nil {
		if t := parseEventTime(v); !t.IsZero() {
			return t
		}
	}
	return at
}

// loadTranscript makes the entries of a snapshot's transcript: one per
// message, a chip (ok) per tool call of an assistant message, and tool
// results folded into their chips.
func (s *State) loadTranscript(items []TranscriptItem) {
	n := len(items)
	for i := range items {
		if items[i].Role == RoleAssistant {
			n += len(items[i].ToolCalls)
		}
	}
	s.Entries = make([]Entry, 0, n)
	for i := range items {
		s.addItem(&items[i], i)
	}
}

// addItem adds one transcript item, the one at position pos; a repeated
// entry id is skipped.
func (s *State) addItem(it *TranscriptItem, pos int) {
	s.addHead(&itemHead{TranscriptItem: *it}, it.Text, pos)
}

// addHead adds one transcript item, the one at position pos, from its head
// and its text: decoded, or left in the snapshot's bytes (h.text); a
// repeated entry id is skipped.
func (s *State) addHead(h *itemHead, text string, pos int) {
	if _, dup := s.byEntry[h.EntryID]; dup && h.EntryID != "" {
		return
	}
	role := internRole(h.Role)
	if role == RoleToolResult {
		s.toolResultMessage(h.EntryID, h.ToolName, textRef{text, h.text}, h.IsError, h.Timestamp, itemKey(pos, 0))
		return
	}
	e := Entry{Key: itemKey(pos, 0), Kind: EntryMessage, EntryID: h.EntryID, Role: role, Text: text, text: h.text,
		ToolCalls: h.ToolCalls, Time: h.Timestamp, Rev: 1}
	if role == RoleUser {
		e.Author, e.Text = s.attribution(text)
	}
	s.putEntry(e)
	if role != RoleAssistant {
		return
	}
	for j, c := range h.ToolCalls {
		s.putEntry(Entry{Key: itemKey(pos, 1+j), Kind: EntryTool, ToolCallID: c.ID, ToolName: s.intern(c.Name),
			ToolArgs: c.Arguments, ToolState: ToolOK, Time: h.Timestamp, Rev: 1})
	}
}

// newKey is the Key of a new entry that no snapshot item made.
func (s *State) newKey() int64 {
	k := s.nextKey
	s.nextKey++
	return k
}

// appendEntry adds e at the end under a new key, indexes its entry id and
// returns its index.
func (s *State) appendEntry(e Entry) int {
	e.Key = s.newKey()
	return s.putEntry(e)
}

// putEntry adds e, keyed already, at the end, indexes its entry id and
// returns its index.
func (s *State) putEntry(e Entry) int {
	s.Entries = append(s.Entries, e)
	i := len(s.Entries) - 1
	s.index(i)
	return i
}

// index records Entries[i]'s entry id.
func (s *State) index(i int) {
	id := s.Entries[i].EntryID
	if id == "" {
		return
	}
	if s.byEntry == nil {
		s.byEntry = make(map[string]int32)
	}
	s.byEntry[id] = int32(i) - s.front
}

// attribution splits an accepted chime's turn, "[<author> collaborator]\n<text>",
// into the author and the text; other text has no author.
func (s *State) attribution(text string) (author, rest string) {
	line, rest, ok := strings.Cut(text, "\n")
	if !ok || !strings.HasPrefix(line, "[") || !strings.HasSuffix(line, collaboratorSuffix) {
		return "", text
	}
	author = line[1 : len(line)-len(collaboratorSuffix)]
	if strings.TrimSpace(author) == "" {
		return "", text
	}
	return s.intern(author), rest
}

// applyTranscript folds message.completed, tool.started and tool.result.
func (s *State) applyTranscript(ev Event, at time.Time) Change {
	switch ev.Type {
	case EvMessageCompleted:
		return s.applyMessage(ev, at)
	case EvToolStarted:
		return s.applyToolStarted(ev, at)
	case EvToolResult:
		return s.applyToolResult(ev, at)
	}
	return 0
}

// applyMessage folds a completed message: it replaces the streamed entry with
// the same message id, or is appended; a repeated entry id updates in place.
func (s *State) applyMessage(ev Event, at time.Time) Change {
	var v completedValue
	if ev.Decode(&v) != nil {
		return 0
	}
	when := v.when(at)
	role := internRole(v.Role)
	if role == RoleToolResult {
		return s.toolResultMessage(v.EntryID, v.ToolName, textRef{s: v.Text}, v.IsError, when, -1)
	}
	s.markDone(v.MessageID)
	if i, dup := s.byEntry[v.EntryID]; dup && v.EntryID != "" {
		i += s.front
		return s.dropStream(v.MessageID, int(i)) | s.refresh(int(i), &v)
	}
	e := Entry{Kind: EntryMessage, EntryID: v.EntryID, MessageID: v.MessageID, Role: role,
		Text: v.Text, ToolCalls: v.ToolCalls, Time: when, Rev: 1}
	if role == RoleUser {
		e.Author, e.Text = s.attribution(v.Text)
	}
	ch := ChangeTranscript
	if role == RoleAssistant && v.Usage != nil && s.Run == RunRunning {
		s.Usage.Turns += v.Usage.Turns
		s.Usage.CostUSD += v.Usage.CostUSD
		ch |= ChangeRun
	}
	if role == RoleAssistant {
		if i, ok := s.takeStream(v.MessageID); ok {
			e.Key, e.Rev = s.Entries[i].Key, s.Entries[i].Rev+1
			s.Entries[i] = e
			s.index(i)
			s.fillToolArgs(v.ToolCalls)
			return ch
		}
	}
	i := s.appendEntry(e)
	if role == RoleUser {
		s.takeTurn(i)
	}
	s.fillToolArgs(v.ToolCalls)
	return ch
}

// refresh updates a message entry from a repeated completed message, when
// its text or tool calls differ.
func (s *State) refresh(i int, v *completedValue) Change {
	ch := s.DecodeText(i, i+1)
	e := &s.Entries[i]
	if e.Kind != EntryMessage {
		return 0
	}
	author, text := "", v.Text
	if e.Role == RoleUser {
		author, text = s.attribution(v.Text)
	}
	if e.Text == text && e.Author == author && len(e.ToolCalls) == len(v.ToolCalls) && !e.Streaming && !e.Unreadable &&
		e.Cut == 0 {
		return ch
	}
	e.Text, e.Author, e.ToolCalls, e.Streaming, e.Unreadable, e.Cut = text, author, v.ToolCalls, false, false, 0
	e.Rev++
	return ChangeTranscript
}

// applyDelta appends streamed text to the entry of its message id, making it
// when needed (timed at the newest event seen). A delta for a message
// completed lately is stale and dropped.
func (s *State) applyDelta(ev Event) Change {
	var v DeltaValue // decoded as Decode would, with the stream's decoder (the hot path of a streaming reply)
	if len(ev.Value) == 0 || decode(ev.Value, &v) != nil || v.Delta == "" || s.wasDone(v.MessageID) {
		return 0
	}
	at := parseEventTime(ev.At)
	if at.IsZero() {
		at = s.SeenAt
	}
	k := s.openStream(v.MessageID, at)
	st := &s.streams[k]
	e := &s.Entries[st.index]
	e.Cut += int64(st.add(v.Delta))
	e.Text = st.text.String()
	e.Rev++
	return ChangeTranscript
}

// openStream finds or starts the stream of a message id and returns its
// position in s.streams.
func (s *State) openStream(messageID string, at time.Time) int {
	for k := range s.streams {
		if s.streams[k].messageID == messageID {
			return k
		}
	}
	if len(s.streams) >= maxOpenStreams {
		s.endStream(0)
	}
	i := s.appendEntry(Entry{Kind: EntryMessage, MessageID: messageID, Role: RoleAssistant,
		Streaming: true, Time: at})
	s.streams = append(s.streams, openText{messageID: messageID, index: i, text: &strings.Builder{}})
	return len(s.streams) - 1
}

// takeStream forgets the stream of a message id and returns its entry index.
func (s *State) takeStream(messageID string) (int, bool) {
	for k := range s.streams {
		if s.streams[k].messageID == messageID {
			i := s.streams[k].index
			s.streams = append(s.streams[:k], s.streams[k+1:]...)
			return i, true
		}
	}
	return 0, false
}

// dropStream ends the stream of a message id unless it streams into keep.
func (s *State) dropStream(messageID string, keep int) Change {
	for k := range s.streams {
		if s.streams[k].messageID == messageID && s.streams[k].index != keep {
			s.endStream(k)
			return ChangeTranscript
		}
	}
	return 0
}

// endStream ends the stream at position k: its entry keeps the text so far.
func (s *State) endStream(k int) {
	e := &s.Entries[s.streams[k].index]
	e.Streaming = false
	e.Rev++
	s.streams = append(s.streams[:k], s.streams[k+1:]...)
}

// closeStreams ends every stream, as when the run settles without the
// completed messages.
func (s *State) closeStreams() Change {
	if len(s.streams) == 0 {
		return 0
	}
	for len(s.streams) > 0 {
		s.endStream(len(s.streams) - 1)
	}
	return ChangeTranscript
}

// markDone remembers a completed message id against late deltas.
func (s *State) markDone(messageID string) {
	if messageID == "" {
		return
	}
	s.done[s.doneAt%doneRing] = messageID
	s.doneAt++
}

// wasDone reports whether a message id completed lately.
func (s *State) wasDone(messageID string) bool {
	if messageID == "" {
		return false
	}
	for _, id := range s.done {
		if id == messageID {
			return true
		}
	}
	return false
}

// fact appends a notice entry that says what happened as the event's type
// and what it names, for the UI to word.
func (s *State) fact(event, subject, detail string, at time.Time) Change {
	s.appendEntry(Entry{Kind: EntryNotice, Event: event, Subject: subject, Text: clipTail(detail), Time: at, Rev: 1})
	return ChangeTranscript
}

// notice appends a notice entry.
func (s *State) notice(text, detail string, at time.Time) Change {
	s.appendEntry(Entry{Kind: EntryNotice, Notice: text, Text: clipTail(detail), Time: at, Rev: 1})
	return ChangeTranscript
}
