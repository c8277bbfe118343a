-- Drives Neovim as a user would over a robots.txt, through the client the docs configure, and writes what the
-- server answered as JSON. Neovim 0.7's API only (buf_get_clients, buf_request_sync, apply_workspace_edit),
-- which later releases still keep.
local file, out_path = _G.robots_file, _G.robots_out
local out = { steps = {} }
local function step(name) table.insert(out.steps, name) end
local function finish()
  local f = io.open(out_path, 'w')
  f:write(vim.fn.json_encode(out))
  f:close()
  vim.cmd('qa!')
end
local function wait(what, cond)
  if not vim.wait(20000, cond, 50) then
    out.failed = 'timed out waiting for ' .. what
    finish()
  end
end
local function diagnostics(buf)
  return vim.tbl_map(function(d)
    local lsp = d.user_data and d.user_data.lsp or {}
    return { line = d.lnum, code = d.code or lsp.code, severity = d.severity }
  end, vim.diagnostic.get(buf))
end

vim.cmd('edit ' .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local uri = vim.uri_from_bufnr(buf)
wait('the server to attach', function() return #vim.lsp.buf_get_clients(buf) > 0 end)
step('attached')
wait('diagnostics', function() return #vim.diagnostic.get(buf) > 0 end)
out.diagnostics = diagnostics(buf)
step('diagnostics')

local last = vim.api.nvim_buf_line_count(buf) - 1
local function request(method, params)
  local answers = vim.lsp.buf_request_sync(buf, method, params, 20000) or {}
  for _, a in pairs(answers) do if a.result then return a.result end end
  return nil
end

local hover = request('textDocument/hover', { textDocument = { uri = uri }, position = { line = _G.robots_hover_line, character = 2 } })
out.hover = hover and (hover.contents.value or hover.contents) or vim.NIL
step('hover')

local completion = request('textDocument/completion', { textDocument = { uri = uri }, position = { line = last, character = #vim.api.nvim_buf_get_lines(buf, last, last + 1, false)[1] } })
local items = completion and (completion.items or completion) or {}
out.completion = vim.tbl_map(function(i) return i.label end, items)
step('completion')

local misspelled = last - 1
local actions = request('textDocument/codeAction', {
  textDocument = { uri = uri },
  range = { start = { line = misspelled, character = 0 }, ['end'] = { line = misspelled, character = 0 } },
  context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics and vim.lsp.diagnostic.get_line_diagnostics(buf, misspelled) or {} },
}) or {}
out.actions = vim.tbl_map(function(a) return a.title end, actions)
if actions[1] and actions[1].edit then
  vim.lsp.util.apply_workspace_edit(actions[1].edit, 'utf-16')
end
out.repaired = vim.api.nvim_buf_get_lines(buf, misspelled, misspelled + 1, false)[1]
step('code action')

-- An edit typed into the buffer: a rule whose path lacks its slash, which the server must report.
vim.api.nvim_buf_set_lines(buf, last, last + 1, false, { 'Disallow: private' })
wait('the edit to be read', function()
  for _, d in ipairs(diagnostics(buf)) do
    if d.line == last and d.code == 'path-never-matches' then return true end
  end
  return false
end)
out.after_edit = diagnostics(buf)
step('edit')
finish()
