package wire

// intern returns a shared copy of a short, often repeated string (a tool
// name, an author), so that thousands of entries hold one copy.
func (s *State) intern(v string) string {
	if v == "" || len(v) > internMaxSize {
		return v
	}
	if w, ok := s.names[v]; ok {
		return w
	}
	if s.names == nil {
		s.names = make(map[string]string)
	}
	if len(s.names) < internMax {
		s.names[v] = v
	}
	return v
}

// internRole maps a role onto its constant, so entries share one string.
func internRole(role string) string {
	switch role {
	case RoleUser:
		return RoleUser
	case RoleAssistant:
		return RoleAssistant
	case RoleToolResult:
		return RoleToolResult
	}
	return role
}

// clipTail shortens a notice's detail to at most noticeMaxText bytes, keeping the
// end (a stderr tail's last lines matter most).
func clipTail(v string) string {
	if len(v) <= noticeMaxText {
		return v
	}
	v = v[len(v)-noticeMaxText:]
	for i := 0; i < len(v) && i < 4; i++ {
		if v[i]&0xC0 != 0x80 {
			return v[i:]
		}
	}
	return v
}
