/** The login layout's public pages (spec §2), as data. */
import type { RouteData } from '../../core/routeMatch';
import { loginPage } from '../area/routeData';

export const authRouteData: RouteData[] = [
  loginPage('/login', 'login', 'Entrar'),
  loginPage('/autenticacao', 'login', 'Autenticação'),
  loginPage('/auth/authorized', 'authorized', 'Autorizado'),
  loginPage('/auth/callback', 'authorized', 'Autorizado'),
  loginPage('/auth/codigo', 'code', 'Verificação em duas etapas'),
  loginPage('/auth/configurar-verificacao-em-duas-etapas', 'setup', 'Configurar verificação em duas etapas'),
  loginPage('/auth/recuperar-senha', 'recover', 'Recuperar senha'),
  loginPage('/logout', 'logout', 'Sair'),
];
