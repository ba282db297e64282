package drivertest

import "testing"

// families are the method families of the driver wire's capabilities.
func families() map[string][]string {
	return map[string][]string{
		"sessionStore": {"session.list", "session.get", "session.summary", "session.history", "session.checkpoints"},
		"sessionWrite": {"session.save", "session.rename", "session.delete"},
		"checkpoints":  {"session.checkpoints"},
		"restore":      {"file.restore"},
		"rewind":       {"session.rewind"},
		"agentConfig":  {"config.read", "config.write"},
	}
}

// claimsWhatItServes checks that the manifest claims exactly what the
// driver answers: every method of a claimed capability is served (whatever
// it answers to empty params, it is neither -32601 nor -32004), and every
// method only of capabilities not claimed answers -32004 (or -32601). Empty
// params change nothing: a served method refuses them (-32602) or reads.
func (s *suite) claimsWhatItServes(t *testing.T) {
	c := Start(t, s.spawn)
	defer c.Close()
	m := result[manifest](t, c.Call("driver.manifest", map[string]any{}))
	served := map[string]string{} // method -> the claimed capability that serves it
	for _, capability := range m.Capabilities {
		for _, method := range families()[capability] {
			served[method] = capability
		}
	}
	for capability, methods := range families() {
		for _, method := range methods {
			r := c.Call(method, map[string]any{})
			code := 0
			if r.Error != nil {
				code = r.Error.Code
			}
			refused := code == codeCapability || code == codeMethodNotFound
			switch by, ok := served[method]; {
			case ok && refused:
				t.Errorf("%s: claimed (%s) but answered %d: %s", method, by, code, r.Raw)
			case !ok && !refused:
				t.Errorf("%s: %s is not claimed (capabilities %v) but %s answered %s", method, capability, m.Capabilities, method, r.Raw)
			}
		}
	}
}
