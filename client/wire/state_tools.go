package wire

import "time"

// applyToolStarted adds a running chip; a tool call already shown is left alone.
func (s *State) applyToolStarted(ev Event, at time.Time) Change {
	var v toolStartedValue
	if ev.Decode(&v) != nil || (v.ToolCallID == "" && v.ToolName == "") {
		return 0
	}
	if v.ToolCallID != "" && s.findChip(v.ToolCallID) >= 0 {
		return 0
	}
	args := v.args()
	if args == "" {
		args = s.callArgs(v.ToolCallID)
	}
	s.appendEntry(Entry{Kind: EntryTool, ToolCallID: v.ToolCallID, ToolName: s.intern(v.ToolName),
		ToolArgs: args, ToolState: ToolRunning, Time: at, Rev: 1})
	return ChangeTranscript
}

// applyToolResult settles a chip as ok or error; a result whose chip is not
// shown adds one already settled.
func (s *State) applyToolResult(ev Event, at time.Time) Change {
	var v ToolValue
	if ev.Decode(&v) != nil || (v.ToolCallID == "" && v.ToolName == "") {
		return 0
	}
	state := ToolOK
	if v.IsError {
		state = ToolError
	}
	i := -1
	if v.ToolCallID != "" {
		i = s.findChip(v.ToolCallID)
	} else {
		i = s.findRunningChip(v.ToolName)
	}
	if i < 0 {
		s.appendEntry(Entry{Kind: EntryTool, ToolCallID: v.ToolCallID, ToolName: s.intern(v.ToolName),
			ToolArgs: s.callArgs(v.ToolCallID), ToolState: state, IsError: v.IsError, Time: at, Rev: 1})
		return ChangeTranscript
	}
	e := &s.Entries[i]
	if e.ToolState == state && e.IsError == v.IsError {
		return 0
	}
	e.ToolState, e.IsError = state, v.IsError
	if e.ToolName == "" {
		e.ToolName = s.intern(v.ToolName)
	}
	e.Rev++
	return ChangeTranscript
}

// toolResultMessage folds a tool result message into the chip of its call:
// the first chip since the last message that has no result yet and the same
// tool name. With none, the result becomes a chip of its own. The chip keeps
// at most MaxToolText bytes of the text. key is the key of a chip of its
// own: a snapshot item's, or -1 for a new one.
func (s *State) toolResultMessage(entryID, name string, text textRef, isError bool, when time.Time, key int64) Change {
	if _, dup := s.byEntry[entryID]; dup && entryID != "" {
		return 0
	}
	text.s = clipToolText(text.s)
	state := ToolOK
	if isError {
		state = ToolError
	}
	i := s.chipForResult(name)
	if i < 0 {
		if key < 0 {
			key = s.newKey()
		}
		s.putEntry(Entry{Key: key, Kind: EntryTool, EntryID: entryID, ToolName: s.intern(name), ToolState: state,
			IsError: isError, Text: text.s, text: text.raw, Time: when, Rev: 1})
		return ChangeTranscript
	}
	e := &s.Entries[i]
	e.EntryID, e.Text, e.text, e.ToolState, e.IsError = entryID, text.s, text.raw, state, isError
	if e.ToolName == "" {
		e.ToolName = s.intern(name)
	}
	e.Rev++
	s.index(i)
	return ChangeTranscript
}

// findChip is the index of the chip of a tool call id among the last
// toolWindow entries, or -1.
func (s *State) findChip(toolCallID string) int {
	for i := len(s.Entries) - 1; i >= 0 && i >= len(s.Entries)-toolWindow; i-- {
		e := &s.Entries[i]
		if e.Kind == EntryTool && e.ToolCallID == toolCallID {
			return i
		}
	}
	return -1
}

// findRunningChip is the index of the latest running chip of a tool name (any
// name when empty) among the last toolWindow entries, or -1.
func (s *State) findRunningChip(name string) int {
	for i := len(s.Entries) - 1; i >= 0 && i >= len(s.Entries)-toolWindow; i-- {
		e := &s.Entries[i]
		if e.Kind == EntryTool && e.ToolState == ToolRunning && (name == "" || e.ToolName == name) {
			return i
		}
	}
	return -1
}

// chipForResult is the index of the chip a tool result message belongs to, or
// -1: the earliest chip after the last message that has no result entry yet
// and whose name matches.
func (s *State) chipForResult(name string) int {
	found := -1
	for i := len(s.Entries) - 1; i >= 0 && i >= len(s.Entries)-toolWindow; i-- {
		e := &s.Entries[i]
		if e.Kind == EntryMessage {
			break
		}
		if e.Kind == EntryTool && e.EntryID == "" && (name == "" || e.ToolName == "" || e.ToolName == name) {
			found = i
		}
	}
	return found
}
