package uitest

import tea "charm.land/bubbletea/v2"

// AllKeys is every key press a routing test tries: the printable runes,
// and the named keys, the letters and the digits with each usual set of
// modifiers (alt, ctrl, shift and their pairs).
func AllKeys() []tea.KeyPressMsg {
	var out []tea.KeyPressMsg
	for r := rune(32); r < 127; r++ {
		out = append(out, Press(r))
	}
	named := []rune{tea.KeyUp, tea.KeyDown, tea.KeyLeft, tea.KeyRight, tea.KeyHome, tea.KeyEnd,
		tea.KeyPgUp, tea.KeyPgDown, tea.KeyTab, tea.KeyEnter, tea.KeyEscape, tea.KeyBackspace,
		tea.KeyDelete, tea.KeyInsert, tea.KeySpace}
	for f := tea.KeyF1; f <= tea.KeyF12; f++ {
		named = append(named, f)
	}
	for r := 'a'; r <= 'z'; r++ {
		named = append(named, r)
	}
	for r := '0'; r <= '9'; r++ {
		named = append(named, r)
	}
	mods := []tea.KeyMod{0, tea.ModAlt, tea.ModCtrl, tea.ModShift, tea.ModAlt | tea.ModCtrl,
		tea.ModAlt | tea.ModShift, tea.ModCtrl | tea.ModShift}
	for _, code := range named {
		for _, mod := range mods {
			out = append(out, tea.KeyPressMsg{Code: code, Mod: mod})
		}
	}
	return out
}
