/**
 * Core pt-BR texts: HTTP statuses (spec §8), notices, authentication, configuration errors,
 * guard and error pages. Keys are flat, dotted; `{name}` placeholders are filled by `t()`.
 */
export const core = {
  // ---- HTTP statuses (spec §8 "Messages by HTTP status") ----
  'http.UNK': 'A requisição foi interrompida.',
  'http.offline': 'Sem conexão com o servidor: verifique a internet. O que você preencheu continua na tela; tente de novo quando a conexão voltar.',
  'http.200': 'A requisição foi processada com sucesso.',
  'http.201': 'O registro foi criado com sucesso.',
  'http.202': 'A requisição foi recebida e está sendo processada.',
  'http.204': 'As alterações foram processadas com sucesso.',
  'http.304': 'Nada foi alterado.',
  'http.400': 'A requisição falhou devido a um erro de processamento.',
  'http.401': 'Você precisa se autenticar para continuar.',
  'http.403': 'Você não tem permissão para este acesso.',
  'http.404': 'O conteúdo parece estar indisponível.',
  'http.405': 'Método não permitido.',
  'http.408': 'A requisição demorou demais para responder.',
  'http.409': 'Um ou mais dados informados já foram cadastrados.',
  'http.413': 'O arquivo é grande demais.',
  'http.415': 'O tipo de arquivo não é suportado.',
  'http.429': 'Muitas requisições. Tente novamente mais tarde.',
  'http.500': 'Algo deu errado do lado do provedor.',
  'http.503': 'O serviço está indisponível. Tente novamente mais tarde.',
  'http.520': 'Ocorreu um erro desconhecido.',
  'http.other': 'Ocorreu um erro inesperado.',
  'http.unknown': 'Ocorreu um erro desconhecido.',

  // ---- Notices ----
  'notice.overline.error': 'ERRO',
  'notice.overline.success': 'SUCESSO',
  'notice.overline.neutral': 'AVISO',
  'notice.overline.warning': 'ATENÇÃO',
  'notice.overline.info': 'INFORMAÇÃO',
  'notice.button.reload': 'Atualizar',
  'notice.button.login': 'Fazer login',
  'notice.button.understood': 'Entendi',
  'notice.button.close': 'Fechar',
  'notice.fieldError': '{label}: {message}',

  // ---- Authentication (spec §5, §8) ----
  'auth.loginFailed': 'O login falhou.',
  'auth.invalidCredentials': 'Login ou senha inválidos. Verifique as credenciais e tente novamente.',
  'auth.verificationFailed': 'A verificação falhou.',
  'auth.invalidCode': 'O código é inválido ou expirou. Tente novamente.',
  'auth.loggingOut': 'Desconectando, aguarde...',
  'auth.loggedOut': 'Você foi desconectado da sua conta.',
  'auth.invalidLogin': 'O login é inválido.',
  'auth.noRefreshToken': 'Não há sessão para renovar. Faça login novamente.',
  'auth.codeSent': 'Enviamos um código para o seu e-mail.',
  'auth.passwordChanged': 'Sua senha foi alterada.',
  'auth.profileUpdated': 'Seus dados foram atualizados.',
  'auth.twoFactorEnabled': 'A verificação em duas etapas foi ativada.',
  'auth.twoFactorDisabled': 'A verificação em duas etapas foi desativada.',
  'auth.twoFactorUnbound': 'A verificação em duas etapas foi desvinculada.',
  'auth.passwordRecoveryRequested': 'Se o login estiver cadastrado, enviaremos as instruções de recuperação de senha.',
  'auth.passwordReset': 'Sua senha foi redefinida. Faça login com a nova senha.',

  // ---- Permissions ----
  'permissions.notSignedIn': 'Você precisa se autenticar para continuar.',
  'permissions.notLoaded': 'Suas permissões ainda não foram carregadas.',
  'permissions.denied': 'Você não tem permissão para este acesso.',

  // ---- App version (spec §4) ----
  'version.newOverline': 'NOVA VERSÃO DISPONÍVEL',
  'version.newMessage': 'Uma nova versão do Retaguarda está disponível.',
  'version.refreshNow': 'Atualizar agora',
  'version.updatedOverline': 'ATUALIZAÇÃO CONCLUÍDA',
  'version.updatedMessage': 'Agora você está usando a versão mais recente.',
  'version.current': 'Versão atual: {version}',
  'version.thanks': 'Obrigado pelo aviso.',

  // ---- Selection lists (spec §8) ----
  'select.noResults': 'Não há resultados.',
  'select.allSelected': 'Os resultados foram selecionados.',
  /** A lookup that could not ask the server: never "Não há resultados." (issue 27 §2). */
  'select.failed': 'Não foi possível buscar as opções: {message}',

  // ---- The session's life (issue 27 §2, core/sessionLife.ts) ----
  'session.expiring': 'Sua sessão será encerrada às {time} por falta de uso.',
  'session.expiringAbsolute': 'Sua sessão atingiu o tempo máximo e será encerrada às {time}. Salve o que estiver fazendo.',
  'session.keep': 'Continuar conectado',
  'session.draftRestored': 'Recuperamos o que você tinha preenchido e ainda não salvou.',

  // ---- Error pages (spec §2 "Page behaviour") ----
  'page.notFound': 'Page Not Found',
  'page.serverError': 'Internal Server Error',
  'page.notFound.line': 'Página não encontrada: o endereço não existe ou a página foi movida.',
  'page.chunkError': 'Uma parte do sistema não pôde ser carregada. Verifique a conexão e recarregue a página.',
  'page.serverError.line': 'Erro interno: algo deu errado ao abrir esta página. Tente recarregar; se continuar, fale com o suporte.',

  // ---- App configuration (app.config.json) ----
  'config.invalid': 'A configuração do aplicativo ({url}) é inválida:',
  'config.unreadable': 'Não foi possível ler a configuração do aplicativo ({url}).',
  'config.notLoaded': 'A configuração do aplicativo ainda não foi carregada.',
  'config.unknownApi': 'A API "{api}" não está configurada.',
  'config.unknownApiKey': 'A chave "{key}" não está configurada na API "{api}".',
  'config.issue.required': 'campo obrigatório',
  'config.issue.type': 'tipo inválido (esperado: {expected})',
  'config.issue.tooSmall': 'valor abaixo do mínimo ({minimum})',
  'config.issue.tooBig': 'valor acima do máximo ({maximum})',
  'config.issue.invalid': 'valor inválido',
  'config.issue.unknownModule': 'o módulo "{name}" não existe em modules',
  'config.issue.duplicateModule': 'o módulo "{name}" está declarado mais de uma vez',
  'config.issue.duplicateGroup': 'o grupo "{key}" está declarado mais de uma vez',
  'config.root': '(raiz)',
  'config.type.string': 'texto',
  'config.type.number': 'número',
  'config.type.boolean': 'verdadeiro ou falso',
  'config.type.object': 'objeto',
  'config.type.array': 'lista',
  'config.buildManifestUnreadable': 'Não foi possível ler o manifesto de versão ({url}).',

  // ---- Shared UI bits ----
  'ui.loading': 'Carregando…',
} as const satisfies Record<string, string>;

export type CoreKey = keyof typeof core;
