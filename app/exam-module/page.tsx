import { ExamModuleRoute } from '@/components/exam/exam-module-route';

export default function ExamModulePage() {
  return <ExamModuleRoute />;
}
